// `mock.routeImages(at:)` extends `HTTPMock`; `import UnderstudyFakes` alone names it.
@_exported public import Understudy
