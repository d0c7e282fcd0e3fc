// `HTTPMock(openAPI:)` and `mock.validate(against:)` extend `HTTPMock`; `import UnderstudyOpenAPI`
// alone names it.
@_exported public import Understudy
