import Foundation

/// Prepares a document for `XMLParser`: takes processing instructions out, leaving a marker
/// comment in the place of each, and drops the DOCTYPE declaration.
///
/// swift-corelibs-foundation's `XMLParser` (Linux) crashes the process wherever libxml2 hands
/// it a null string (measured on Swift 6.3.1): a processing instruction without data
/// (`<?target?>`, also `<?xml?>`), and in a DOCTYPE's internal subset `#IMPLIED` attribute
/// declarations, notations and unparsed entities, or an entity whose text is such an
/// instruction. A request body must never be able to do that, so on every platform Understudy
/// reads processing instructions itself and `XMLParser` never sees a DOCTYPE. Without it, a
/// reference to an entity the DOCTYPE declared is undefined (a parse error), which also keeps
/// entity expansion out; external DTDs were never loaded.
struct XMLParserShield {
    /// The document with each processing instruction replaced by a marker comment.
    let shielded: String
    /// Target and data of each instruction, in document order.
    let instructions: [(target: String, data: String)]
    /// The marker comments start with this, followed by the instruction's index.
    let marker: String

    init(_ text: String) throws(XMLParseError) {
        // Most documents have no instruction but the XML declaration, and no DOCTYPE: no
        // marker is needed (with no instructions, no comment can be read as one).
        guard Self.needsShield(text) else {
            shielded = text
            instructions = []
            marker = ""
            return
        }
        marker = "understudy-pi-\(UUID().uuidString)-"
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var instructions: [(target: String, data: String)] = []
        var index = 0
        var line = 1
        var column = 1
        func starts(_ literal: String, at position: Int) -> Bool {
            // Compared scalar by scalar as the literal is walked: no array per call, since this
            // runs for every position of a shielded body.
            var current = position
            for scalar in literal.unicodeScalars {
                guard current < scalars.count, scalars[current] == scalar else { return false }
                current += 1
            }
            return true
        }
        func find(_ literal: String, from position: Int) -> Int? {
            var position = position
            while position < scalars.count {
                if starts(literal, at: position) { return position }
                position += 1
            }
            return nil
        }
        func copy(to end: Int) {
            while index < end {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                output.append(scalars[index])
                index += 1
            }
        }
        func unclosed(_ what: String) -> XMLParseError {
            XMLParseError(line: line, column: column, message: "\(what) is not closed")
        }
        while index < scalars.count {
            if starts("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { throw unclosed("a comment <!-- … -->") }
                copy(to: end + 3)
            } else if starts("<![CDATA[", at: index) {
                // A CDATA section is text: written as escaped text, it cannot hide markup.
                guard let end = find("]]>", from: index + 9) else { throw unclosed("a CDATA section <![CDATA[ … ]]>") }
                let content = String(String.UnicodeScalarView(scalars[(index + 9)..<end]))
                output.append(contentsOf: XMLTree.escape(content, attribute: false).unicodeScalars)
                while index < end + 3 {
                    if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                    index += 1
                }
            } else if starts("<!DOCTYPE", at: index) {
                // Skip to the closing >, past quoted literals, an internal subset and its comments.
                var position = index + 9
                var quote: Unicode.Scalar?
                var inSubset = false
                while position < scalars.count {
                    let scalar = scalars[position]
                    if let open = quote {
                        if scalar == open { quote = nil }
                    } else if inSubset, starts("<!--", at: position) {
                        position = (find("-->", from: position + 4).map { $0 + 2 }) ?? scalars.count
                    } else if scalar == "\"" || scalar == "'" {
                        quote = scalar
                    } else if scalar == "[" {
                        inSubset = true
                    } else if scalar == "]" {
                        inSubset = false
                    } else if scalar == ">", !inSubset {
                        break
                    }
                    position += 1
                }
                guard position < scalars.count else {
                    throw XMLParseError(line: line, column: column, message: "the DOCTYPE declaration is not closed with >")
                }
                // Keep the line numbers of what follows: one line break per line dropped.
                while index <= position {
                    if scalars[index] == "\n" { line += 1; column = 1; output.append("\n") } else { column += 1 }
                    index += 1
                }
            } else if starts("<?", at: index) {
                guard let end = find("?>", from: index + 2) else {
                    throw XMLParseError(line: line, column: column, message: "a processing instruction is not closed with ?>")
                }
                var targetEnd = index + 2
                while targetEnd < end, !Self.isWhitespace(scalars[targetEnd]) { targetEnd += 1 }
                let target = String(String.UnicodeScalarView(scalars[(index + 2)..<targetEnd]))
                guard let first = target.unicodeScalars.first, XPathLexer.isNameStart(first),
                      target.unicodeScalars.allSatisfy({ XPathLexer.isNameCharacter($0) || $0 == ":" }) else {
                    throw XMLParseError(line: line, column: column, message: "a processing instruction has no valid target name after <?")
                }
                var dataStart = targetEnd
                while dataStart < end, Self.isWhitespace(scalars[dataStart]) { dataStart += 1 }
                if target.lowercased() == "xml" {
                    // The XML declaration: first, with content (XMLParser crashes on `<?xml?>` too),
                    // and then XMLParser reads and checks it.
                    guard target == "xml", output.isEmpty || output.allSatisfy({ $0 == "\u{FEFF}" }), dataStart < end,
                          !scalars[dataStart..<end].contains("<") else {
                        throw XMLParseError(line: line, column: column, message: "the XML declaration must come first and read <?xml version=\"1.0\"?>")
                    }
                    copy(to: end + 2)
                    continue
                }
                instructions.append((target, String(String.UnicodeScalarView(scalars[dataStart..<end]))))
                output.append(contentsOf: "<!--\(marker)\(instructions.count - 1)-->".unicodeScalars)
                while index < end + 2 {
                    if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                    index += 1
                }
            } else {
                copy(to: index + 1)
            }
        }
        // Whatever libxml2 makes of the rest, it finds no instruction and no DOCTYPE: those left
        // (in comments, or in markup too broken to read) lose their meaning.
        var text = String(output)
        let declaration = text.hasPrefix("<?xml") ? text.range(of: "?>").map { text[..<$0.upperBound] } ?? "" : ""
        text = String(declaration) + text.dropFirst(declaration.count)
            .replacingOccurrences(of: "<?", with: "< ?").replacingOccurrences(of: "<!DOCTYPE", with: "< !DOCTYPE")
        shielded = text
        self.instructions = instructions
    }

    /// Whether the document has a processing instruction (other than a well-formed-looking
    /// XML declaration) or a DOCTYPE.
    private static func needsShield(_ text: String) -> Bool {
        var rest = text[...]
        if rest.hasPrefix("<?") {
            guard rest.hasPrefix("<?xml "), let end = rest.range(of: "?>"),
                  !rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound].contains("<") else { return true }
            rest = rest[end.upperBound...]
        }
        return rest.contains("<?") || rest.contains("<!DOCTYPE")
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// The instruction a comment stands for, or `nil` for a real comment.
    func instruction(for comment: String) -> (target: String, data: String)? {
        guard comment.hasPrefix(marker), let number = Int(comment.dropFirst(marker.count)),
              instructions.indices.contains(number) else { return nil }
        return instructions[number]
    }
}
