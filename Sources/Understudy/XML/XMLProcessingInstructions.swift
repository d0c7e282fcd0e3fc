import Foundation

/// Takes processing instructions out of a document before `XMLParser` sees it, leaving a
/// marker comment in the place of each.
///
/// swift-corelibs-foundation's `XMLParser` (Linux) crashes the process on a processing
/// instruction without data (`<?target?>`, measured on Swift 6.3.1): it reads the null data
/// pointer libxml2 hands it. A request body must never be able to do that, so Understudy reads
/// processing instructions itself on every platform and `XMLParser` only sees comments.
struct XMLProcessingInstructions {
    /// The document with each processing instruction replaced by a marker comment.
    let shielded: String
    /// Target and data of each instruction, in document order.
    let instructions: [(target: String, data: String)]
    /// The marker comments start with this, followed by the instruction's index.
    let marker: String

    init(_ text: String) throws(XMLParseError) {
        marker = "understudy-pi-\(UUID().uuidString)-"
        // Most documents have no instruction but the XML declaration: nothing to take out.
        var rest = text[...]
        if rest.hasPrefix("<?xml "), let end = rest.range(of: "?>") { rest = rest[end.upperBound...] }
        guard rest.contains("<?") else {
            shielded = text
            instructions = []
            return
        }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var instructions: [(target: String, data: String)] = []
        var index = 0
        var line = 1
        var column = 1
        func starts(_ literal: String, at position: Int) -> Bool {
            let pattern = Array(literal.unicodeScalars)
            guard position + pattern.count <= scalars.count else { return false }
            return scalars[position..<position + pattern.count].elementsEqual(pattern)
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
        while index < scalars.count {
            if starts("<!--", at: index) {
                copy(to: (find("-->", from: index + 4).map { $0 + 3 }) ?? scalars.count)
            } else if starts("<![CDATA[", at: index) {
                copy(to: (find("]]>", from: index + 9).map { $0 + 3 }) ?? scalars.count)
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
                    guard target == "xml", output.isEmpty || output.allSatisfy({ $0 == "\u{FEFF}" }), dataStart < end else {
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
        shielded = String(output)
        self.instructions = instructions
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
