// `import UnderstudyGraphQL` alone names the core's types its API takes and returns
// (`RequestPattern`, `HTTPMock`), and the syntax error a pattern reports.
@_exported public import Understudy
@_exported public import struct UnderstudyGraphQLSyntax.GraphQLSyntaxError
