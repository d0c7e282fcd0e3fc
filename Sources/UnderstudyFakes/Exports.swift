// `mock.routeImages(at:)` extends `HTTPMock`; `import UnderstudyFakes` alone names it.
@_exported public import Understudy
// The in-memory doubles conform to the app side's boundary protocols; a test names both with
// this import alone.
@_exported public import UnderstudyDoubles
