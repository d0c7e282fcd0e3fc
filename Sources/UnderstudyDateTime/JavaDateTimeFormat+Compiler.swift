extension JavaDateTimeFormat {
    /// Turns a Java pattern string into elements, rejecting what Java rejects and what is not supported.
    package struct PatternCompiler {
        private let pattern: String
        private let characters: [Character]
        private var index = 0

        package init(_ pattern: String) {
            self.pattern = pattern
            characters = Array(pattern)
        }

        package mutating func compile() throws(DateTimePatternError) -> [Element] {
            Self.reserveDigitsForAdjacentFields(try section(nested: false))
        }

        private func failure(_ problem: String) -> DateTimePatternError {
            DateTimePatternError("actualFormat \"\(pattern)\": \(problem)")
        }

        /// Elements up to the end of the pattern or, when nested, up to the closing `]`.
        /// A section left open at the end closes there, as in Java.
        private mutating func section(nested: Bool) throws(DateTimePatternError) -> [Element] {
            var elements: [Element] = []
            var literal: [UInt8] = []
            func flushLiteral() {
                if !literal.isEmpty { elements.append(.literal(literal)) }
                literal = []
            }
            while index < characters.count {
                let character = characters[index]
                if character.isASCII, character.isLetter {
                    var count = 1
                    while index + count < characters.count, characters[index + count] == character { count += 1 }
                    index += count
                    flushLiteral()
                    elements.append(try element(for: character, count: count))
                    continue
                }
                index += 1
                switch character {
                case "'":
                    literal += try quoted()
                case "[":
                    flushLiteral()
                    elements.append(.optional(try section(nested: true)))
                case "]":
                    guard nested else { throw failure("']' has no matching '['; quote it as ']' in single quotes to match it literally") }
                    flushLiteral()
                    return elements
                case "{", "}", "#":
                    throw failure("'\(character)' is reserved in Java date-time patterns; put it in single quotes to match it literally")
                default:
                    literal += Array(String(character).utf8)
                }
            }
            flushLiteral()
            return elements
        }

        /// The text of a quoted literal after its opening quote; `''` is one quote.
        private mutating func quoted() throws(DateTimePatternError) -> [UInt8] {
            if index < characters.count, characters[index] == "'" {
                index += 1
                return [UInt8(ascii: "'")]
            }
            var text = ""
            while index < characters.count {
                let character = characters[index]
                index += 1
                if character == "'" {
                    if index < characters.count, characters[index] == "'" {
                        text.append("'")
                        index += 1
                    } else {
                        return Array(text.utf8)
                    }
                } else {
                    text.append(character)
                }
            }
            throw failure("a quoted literal is not closed; end it with '")
        }

        private func element(for letter: Character, count: Int) throws(DateTimePatternError) -> Element {
            func tooMany() -> DateTimePatternError {
                failure("too many pattern letters: \(String(repeating: letter, count: count))")
            }
            func numeric(_ field: Field, maxCount: Int = 2) throws(DateTimePatternError) -> Element {
                switch count {
                case 1: return .number(field, minWidth: 1, maxWidth: 10, reserved: 0)
                case 2 where maxCount >= 2: return .number(field, minWidth: 2, maxWidth: 2, reserved: 0)
                default: throw tooMany()
                }
            }
            switch letter {
            case "G":
                switch count {
                case 1...3: return .text(.era, names: ["AD", "BC"])
                case 4: return .text(.era, names: ["Anno Domini", "Before Christ"])
                case 5: return .text(.era, names: ["A", "B"])
                default: throw tooMany()
                }
            case "u", "y":
                let field: Field = letter == "u" ? .year : .yearOfEra
                switch count {
                case 1: return .number(field, minWidth: 1, maxWidth: 10, reserved: 0)
                case 2: return .twoDigitYear(field)
                case 3: return .number(field, minWidth: 3, maxWidth: 10, reserved: 0)
                case 4...9: return .number(field, minWidth: count, maxWidth: count, reserved: 0)
                default: throw tooMany()
                }
            case "M", "L":
                switch count {
                case 1, 2: return try numeric(.month)
                case 3: return .text(.month, names: JavaDateTimeFormat.monthAbbreviations)
                case 4: return .text(.month, names: JavaDateTimeFormat.monthNames)
                case 5: return .text(.month, names: JavaDateTimeFormat.monthNames.map { String($0.prefix(1)) })
                default: throw tooMany()
                }
            case "d": return try numeric(.day)
            case "D":
                switch count {
                case 1: return .number(.dayOfYear, minWidth: 1, maxWidth: 3, reserved: 0)
                case 2: return .number(.dayOfYear, minWidth: 2, maxWidth: 3, reserved: 0)
                case 3: return .number(.dayOfYear, minWidth: 3, maxWidth: 3, reserved: 0)
                default: throw tooMany()
                }
            case "E":
                switch count {
                case 1...3: return .text(.dayOfWeek, names: JavaDateTimeFormat.dayAbbreviations)
                case 4: return .text(.dayOfWeek, names: JavaDateTimeFormat.dayNames)
                case 5: return .text(.dayOfWeek, names: JavaDateTimeFormat.dayNames.map { String($0.prefix(1)) })
                default: throw tooMany()
                }
            case "a":
                guard count == 1 else { throw tooMany() }
                return .text(.amPm, names: ["AM", "PM"])
            case "H": return try numeric(.hourOfDay)
            case "k": return try numeric(.clockHourOfDay)
            case "K": return try numeric(.hourOfAmPm)
            case "h": return try numeric(.clockHourOfAmPm)
            case "m": return try numeric(.minute)
            case "s": return try numeric(.second)
            case "S":
                guard count <= 9 else { throw tooMany() }
                return .fraction(width: count)
            case "n":
                return count == 1 ? .number(.nanoOfSecond, minWidth: 1, maxWidth: 9, reserved: 0)
                    : .number(.nanoOfSecond, minWidth: count, maxWidth: max(count, 9), reserved: 0)
            case "V":
                guard count == 2 else { throw failure("pattern letter V must be doubled: VV") }
                return .zoneID
            case "z":
                guard count <= 4 else { throw tooMany() }
                return .zoneName
            case "O":
                guard count == 1 || count == 4 else { throw failure("pattern letter O must appear once or four times") }
                return .offset(.localizedGMT)
            case "X", "x":
                guard count <= 5 else { throw tooMany() }
                return .offset(letter == "X" ? .isoWithZ : .iso)
            case "Z":
                switch count {
                case 1...3: return .offset(.iso)
                case 4: return .offset(.localizedGMT)
                case 5: return .offset(.isoWithZ)
                default: throw tooMany()
                }
            case "Y", "w", "W", "e", "c", "F", "Q", "q", "A", "N", "v", "p", "B", "g":
                throw failure("pattern letter '\(letter)' is not supported; use calendar fields (y M d E H m s S) and zone fields (X x Z O z VV)")
            default:
                throw failure("unknown pattern letter '\(letter)'; put literal text in single quotes, for example 'T'")
            }
        }

        /// Java's adjacent value parsing: a variable-width number followed directly by fixed-width
        /// numbers leaves them their digits, so `yyyyMMddHHmm` and `Hmm` parse.
        private static func reserveDigitsForAdjacentFields(_ elements: [Element]) -> [Element] {
            var result = elements
            for (position, element) in elements.enumerated() {
                switch element {
                case let .number(field, minWidth, maxWidth, _) where minWidth != maxWidth:
                    var reserved = 0
                    for next in elements[(position + 1)...] {
                        guard let width = next.fixedWidth else { break }
                        reserved += width
                    }
                    result[position] = .number(field, minWidth: minWidth, maxWidth: maxWidth, reserved: reserved)
                case .optional(let inner):
                    result[position] = .optional(reserveDigitsForAdjacentFields(inner))
                default:
                    break
                }
            }
            return result
        }
    }
}
