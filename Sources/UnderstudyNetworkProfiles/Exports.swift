// `import UnderstudyNetworkProfiles` alone names the core's types its API takes and returns
// (`ResponseDefinition`, `HTTPMock`).
@_exported public import Understudy
