// `import UnderstudyUITesting` alone is enough to write a UI test: the DSL, and everything
// `UnderstudyTesting` brings (`HTTPMock`, stubs, `MockServer`, the end-of-test checks).
@_exported public import UnderstudyTesting
