// A user of the URLSession transport catches `UnmatchedRequestError` and reads
// `Fault.urlErrorCode` with this import alone.
@_exported import UnderstudyInProcess
