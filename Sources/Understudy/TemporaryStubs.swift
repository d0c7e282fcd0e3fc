// TEMPORARY: replaced by the JSONPath and DateTime pieces; never committed.
import Foundation
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible { public var offset: Int; public var message: String; public var description: String { message } }
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  public init(_ expression: String) throws(JSONPathError) { if expression.hasSuffix("[") { throw JSONPathError(offset: 0, message: "bad") }; self.expression = expression }
  public let expression: String
  public func evaluate(_ root: JSONValue) -> [JSONValue] {
    var cur = [root]
    for part in expression.dropFirst(2).split(separator: ".") { cur = cur.compactMap { $0[String(part)] } }
    return cur }
  public var isDefinite: Bool { true }
  public var description: String { expression }
}
