import UnderstudyFakes

/// Writes a string a regular expression matches, for the common subset schemas use: literals,
/// escapes (`\d`, `\w`, `\s`, `\.`), `.`, classes with ranges (`[0-9a-fA-F]`, negated ones),
/// groups with alternatives (`(a|b)`, `(?:…)`), and the quantifiers `?`, `*`, `+`, `{n}`, `{n,}`,
/// `{n,m}`. Anchors are dropped. A pattern with anything else (back-references, look-arounds,
/// Unicode classes) gives `nil`, as does one it cannot read.
///
/// Twilio's document writes every identifier so (`^AC[0-9a-fA-F]{32}$`, 34 characters); without
/// this, generated answers carried words where the pattern asks for a SID.
struct RegexSampler {
    private indirect enum Node {
        case characters([Character])
        case excluded(Set<Character>)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, minimum: Int, maximum: Int)
    }

    /// Repetitions an open quantifier (`*`, `+`, `{n,}`) adds beyond its minimum, at most.
    private static let openExtra = 3
    private static let digits = Array("0123456789")
    private static let wordCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
    /// What `.` and negated classes choose from.
    private static let printable = (32...126).map { Character(Unicode.Scalar(UInt8($0))) }

    private let pattern: [Character]
    private var position = 0

    /// A string `pattern` matches, chosen with `fake`; `nil` for a pattern outside the subset.
    static func sample(_ pattern: String, using fake: inout Fake) -> String? {
        var parser = RegexSampler(pattern: Array(pattern))
        guard let node = parser.alternatives(), parser.position == parser.pattern.count else { return nil }
        var result = ""
        write(node, into: &result, using: &fake)
        return result
    }

    private init(pattern: [Character]) { self.pattern = pattern }

    private static func write(_ node: Node, into result: inout String, using fake: inout Fake) {
        switch node {
        case .characters(let options):
            if let character = fake.element(of: options) { result.append(character) }
        case .excluded(let excluded):
            if let character = fake.element(of: printable.filter { !excluded.contains($0) }) { result.append(character) }
        case .sequence(let nodes):
            for node in nodes { write(node, into: &result, using: &fake) }
        case .alternatives(let options):
            if let option = fake.element(of: options) { write(option, into: &result, using: &fake) }
        case .repeated(let node, let minimum, let maximum):
            for _ in 0..<fake.int(in: minimum...max(minimum, maximum)) { write(node, into: &result, using: &fake) }
        }
    }

    private var current: Character? { position < pattern.count ? pattern[position] : nil }

    private mutating func next() -> Character? {
        defer { position += 1 }
        return current
    }

    /// `a|b|…` up to the end or a closing parenthesis.
    private mutating func alternatives() -> Node? {
        var options: [Node] = []
        while true {
            guard let sequence = sequence() else { return nil }
            options.append(sequence)
            guard current == "|" else { break }
            position += 1
        }
        return options.count == 1 ? options[0] : .alternatives(options)
    }

    private mutating func sequence() -> Node? {
        var nodes: [Node] = []
        while let character = current, character != "|", character != ")" {
            if character == "^" || character == "$" {
                position += 1
                continue
            }
            guard let atom = atom(), let quantified = quantified(atom) else { return nil }
            nodes.append(quantified)
        }
        return .sequence(nodes)
    }

    private mutating func atom() -> Node? {
        switch next() {
        case "(":
            if current == "?" {
                // Only the non-capturing group; look-arounds and named groups are outside the subset.
                guard position + 1 < pattern.count, pattern[position + 1] == ":" else { return nil }
                position += 2
            }
            guard let inner = alternatives(), next() == ")" else { return nil }
            return inner
        case "[": return characterClass()
        case ".": return .excluded([])
        case "\\":
            guard let characters = escape() else { return nil }
            return .characters(characters)
        case "*", "+", "?", "{", "}", "]", nil: return nil
        case let literal?: return .characters([literal])
        }
    }

    /// The characters an escape stands for: `\d`, `\w`, `\s`, or the escaped character itself.
    private mutating func escape() -> [Character]? {
        switch next() {
        case "d": return Self.digits
        case "w": return Self.wordCharacters
        case "s": return [" "]
        case "n": return ["\n"]
        case "t": return ["\t"]
        case let other?:
            // Letters and digits escaped mean classes or back-references outside the subset.
            guard !other.isLetter, !other.isNumber else { return nil }
            return [other]
        case nil: return nil
        }
    }

    private mutating func characterClass() -> Node? {
        let negated = current == "^"
        if negated { position += 1 }
        var members: [Character] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            position += 1
            var start: [Character]
            if character == "\\" {
                guard let escaped = escape() else { return nil }
                start = escaped
            } else {
                start = [character]
            }
            if start.count == 1, current == "-", position + 1 < pattern.count, pattern[position + 1] != "]" {
                position += 1
                var end = next()
                if end == "\\" { end = escape()?.first }
                guard let low = start[0].unicodeScalars.first?.value, let high = end?.unicodeScalars.first?.value, low <= high,
                      high - low < 0x10000 else { return nil }
                start = (low...high).compactMap { Unicode.Scalar($0).map(Character.init) }
            }
            members += start
        }
        guard next() == "]", negated || !members.isEmpty else { return nil }
        return negated ? .excluded(Set(members)) : .characters(members)
    }

    private mutating func quantified(_ atom: Node) -> Node? {
        var bounds: (Int, Int)
        switch current {
        case "?": bounds = (0, 1)
        case "*": bounds = (0, Self.openExtra)
        case "+": bounds = (1, 1 + Self.openExtra)
        case "{":
            guard let read = repetition() else { return atom }
            bounds = read
        default: return atom
        }
        position += 1
        if current == "?" || current == "+" { position += 1 }  // lazy or possessive: the same strings
        guard bounds.0 <= bounds.1, bounds.1 <= 10_000 else { return nil }
        return .repeated(atom, minimum: bounds.0, maximum: bounds.1)
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position, leaving the position on its `}`; nil
    /// when the brace is a literal.
    private mutating func repetition() -> (Int, Int)? {
        guard let close = pattern[position...].firstIndex(of: "}") else { return nil }
        let parts = String(pattern[(position + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
        guard let low = parts.first.flatMap({ Int($0) }), parts.count <= 2 else { return nil }
        let high = parts.count == 1 ? low : parts[1].isEmpty ? low + Self.openExtra : Int(parts[1])
        guard let high else { return nil }
        position = close
        return (low, high)
    }
}
