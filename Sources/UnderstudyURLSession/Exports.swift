// A user of the URLSession transport catches `UnmatchedRequestError` and reads
// `Fault.urlErrorCode` with this import alone.
@_exported public import UnderstudyInProcess
// `mock.urlSession()` is called on an `HTTPMock`; stubbing it needs the engine, with this import alone.
@_exported public import Understudy
