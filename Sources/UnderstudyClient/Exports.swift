// A user of the direct transport catches `UnmatchedRequestError` and reads `Fault.urlErrorCode`
// with this import alone.
@_exported public import UnderstudyInProcess
// `HTTPMock` conforms to `HTTPClient`; stubbing it needs the engine, with this import alone.
@_exported public import Understudy
