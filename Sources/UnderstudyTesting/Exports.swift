// `import UnderstudyTesting` alone is enough to write a test: the engine (`HTTPMock`, stubs,
// verification), the loopback server (`withMockServer`), the direct transport (`HTTPClient`)
// and the URLSession transport (`mock.urlSession()`).
@_exported public import Understudy
@_exported public import UnderstudyServer
@_exported public import UnderstudyClient
@_exported public import UnderstudyURLSession
// The features on the core's seams: GraphQL matching, LLM answers, network profiles.
@_exported public import UnderstudyGraphQL
@_exported public import UnderstudyLLM
@_exported public import UnderstudyNetworkProfiles
