/// Splits an XPath 1.0 expression into tokens, applying the specification's rule for `*` and
/// operator names: after a token that can end an operand, `*` multiplies and `and`, `or`,
/// `div`, `mod` are operators; elsewhere they are name tests.
struct XPathLexer {
    enum Token: Equatable {
        case slash, doubleSlash, leftParen, rightParen, leftBracket, rightBracket
        case dot, dotDot, at, comma, doubleColon, pipe
        case `operator`(XPathOperator)
        /// A QName or wildcard: `a`, `p:a`, `*`, `p:*` (local `*`).
        case name(prefix: String?, local: String)
        case literal(String)
        case number(Double)
        case variable(String)
    }

    struct Located {
        var token: Token
        var offset: Int
    }

    static func tokens(_ expression: String) throws(XPathError) -> [Located] {
        let characters = Array(expression.unicodeScalars)
        var result: [Located] = []
        var index = 0
        func fail(_ message: String) -> XPathError { XPathError(expression: expression, offset: index, message: message) }
        /// Whether the previous token ends an operand, so `*` and names are operators.
        func operandEnded() -> Bool {
            guard let last = result.last?.token else { return false }
            switch last {
            case .at, .doubleColon, .leftParen, .leftBracket, .comma, .operator, .slash, .doubleSlash, .pipe: return false
            default: return true
            }
        }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < characters.count ? characters[index + offset] : nil }
        func readNCName() -> String {
            var name = ""
            while let c = peek(), Self.isNameCharacter(c) {
                name.unicodeScalars.append(c)
                index += 1
            }
            return name
        }

        func readNumber() -> Double {
            var text = ""
            while let d = peek(), ("0"..."9").contains(d) || d == "." {
                text.unicodeScalars.append(d)
                index += 1
            }
            return Double(text) ?? .nan
        }

        while let c = peek() {
            let start = index
            func add(_ token: Token, length: Int = 1) {
                result.append(Located(token: token, offset: start))
                index += length
            }
            switch c {
            case " ", "\t", "\n", "\r": index += 1
            case "(": add(.leftParen)
            case ")": add(.rightParen)
            case "[": add(.leftBracket)
            case "]": add(.rightBracket)
            case "@": add(.at)
            case ",": add(.comma)
            case "|": add(.pipe)
            case "+": add(.operator(.plus))
            case "-": add(.operator(.minus))
            case "=": add(.operator(.equal))
            case "/": peek(1) == "/" ? add(.doubleSlash, length: 2) : add(.slash)
            case ":":
                guard peek(1) == ":" else { throw fail("unexpected ':'; write an axis as axis::test or a name as prefix:name") }
                add(.doubleColon, length: 2)
            case "!":
                guard peek(1) == "=" else { throw fail("unexpected '!'; XPath writes \"not equal\" as != and negation as not(...)") }
                add(.operator(.notEqual), length: 2)
            case "<": peek(1) == "=" ? add(.operator(.lessOrEqual), length: 2) : add(.operator(.less))
            case ">": peek(1) == "=" ? add(.operator(.greaterOrEqual), length: 2) : add(.operator(.greater))
            case "*":
                operandEnded() ? add(.operator(.multiply)) : add(.name(prefix: nil, local: "*"))
            case "'", "\"":
                index += 1
                var literal = ""
                while let d = peek(), d != c {
                    literal.unicodeScalars.append(d)
                    index += 1
                }
                guard peek() == c else {
                    index = start
                    throw fail("a string literal is not closed; end it with \(c)")
                }
                index += 1
                result.append(Located(token: .literal(literal), offset: start))
            case "$":
                index += 1
                let name = readNCName()
                index = start
                throw fail("variables are not supported ($\(name)); write the value into the expression")
            case ".":
                if peek(1) == "." {
                    add(.dotDot, length: 2)
                } else if let next = peek(1), ("0"..."9").contains(next) {
                    result.append(Located(token: .number(readNumber()), offset: start))
                } else {
                    add(.dot)
                }
            case "0"..."9":
                result.append(Located(token: .number(readNumber()), offset: start))
            default:
                guard Self.isNameStart(c) else { throw fail("unexpected character '\(c)'") }
                let first = readNCName()
                if operandEnded(), let op = ["and": XPathOperator.and, "or": .or, "div": .div, "mod": .mod][first] {
                    result.append(Located(token: .operator(op), offset: start))
                    continue
                }
                if peek() == ":", peek(1) != ":" {
                    index += 1
                    if peek() == "*" {
                        index += 1
                        result.append(Located(token: .name(prefix: first, local: "*"), offset: start))
                    } else if let next = peek(), Self.isNameStart(next) {
                        result.append(Located(token: .name(prefix: first, local: readNCName()), offset: start))
                    } else {
                        throw fail("a name ends with ':' after \"\(first)\"; write prefix:name")
                    }
                } else {
                    result.append(Located(token: .name(prefix: nil, local: first), offset: start))
                }
            }
        }
        return result
    }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        isNameStart(c) || c == "-" || c == "." || ("0"..."9").contains(c) || c.properties.numericType != nil || c == "\u{B7}"
    }
}
