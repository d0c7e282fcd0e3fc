public import Understudy
import UnderstudyGraphQL
import UnderstudyLLM
import UnderstudyMessaging
import UnderstudyNetworkProfiles

extension MappingExtensions {
    /// Every extension of Understudy's own to WireMock's JSON: GraphQL matching
    /// (`graphql-body-matcher`), LLM answers (`llm`), network profiles (`networkProfile`) and
    /// WebSockets (`acceptWebSocket`, `message-mappings/`).
    /// The server's admin API and the command line read mappings with them.
    public static let understudy: MappingExtensions = [.graphQL, .llm, .networkProfiles, .messaging]
}

extension HTTPMock {
    /// What the server decodes mapping JSON sent to this mock with: the mock's own
    /// ``HTTPMock/Configuration/mappingExtensions`` and all of Understudy's.
    package var serverMappingExtensions: MappingExtensions {
        MappingExtensions.understudy.merging(configuration.mappingExtensions)
    }
}
