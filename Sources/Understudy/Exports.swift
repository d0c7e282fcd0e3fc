// Stubs and recorded requests name their method with the app side's `HTTPMethod`, so a stub
// and an endpoint speak of one type; `import Understudy` alone names it. Only that type is
// re-exported: the rest of the networking layer (whose `HTTPClient` would clash with
// AsyncHTTPClient's in files that import both) comes with `UnderstudyInProcess`.
@_exported public import struct UnderstudyClient.HTTPMethod

// The JSON engine (`JSONValue`, `JSONPath`, `JSONSchema` and their errors) is a target of its
// own under the core; stubs and matchers speak of its types, so `import Understudy` names them.
@_exported public import UnderstudyJSON

// The date-time engine is a target of its own; the date-time patterns (`before`, `after`,
// `equalToDateTime`) name its truncations, units and error, so those three are re-exported.
@_exported public import enum UnderstudyDateTime.DateTimeTruncation
@_exported public import enum UnderstudyDateTime.DateTimeUnit
@_exported public import struct UnderstudyDateTime.DateTimePatternError

// The HTTP-parsing engine is a target of its own; a request's query items and multipart parts
// are its types, so those two are re-exported.
@_exported public import struct UnderstudyHTTPParsing.QueryItem
@_exported public import struct UnderstudyHTTPParsing.MultipartPart
