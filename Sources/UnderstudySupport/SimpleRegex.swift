/// A regular expression of the plain kind most stubs use (`/users/[0-9]+`, `[a-z]{2,8}`,
/// `Bearer .+`), matched against a whole value without ICU, in time linear in the value.
///
/// It reads a sequence of atoms, each once or quantified by `*`, `+`, `?`, `{n}`, `{n,}` or
/// `{n,m}`: a literal character, an escaped punctuation character (`\.`, `\/`), `.` (any
/// character: the core's `RegexPattern` matches with `.` taking line breaks too), `\d` (a Unicode
/// decimal digit, as ICU's) and bracketed classes of literal characters and ranges, negated
/// or not. A leading `^` and a trailing `$` mean nothing in a whole-value match and are
/// skipped. Anything else (groups, alternation, other escapes, lazy or possessive quantifiers,
/// flags) is not read: ``init(_:)`` returns `nil` and ICU compiles the expression, so an
/// expression is never accepted here that ICU would refuse or read differently.
/// Characters are Unicode scalars, as ICU's code points (no canonical equivalence).
package struct SimpleRegex: Sendable {
    private enum Matcher: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case decimalDigit
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .scalar(let expected): return scalar == expected
            case .any: return true
            case .decimalDigit: return scalar.properties.generalCategory == .decimalNumber
            case .set(let ranges, let negated): return ranges.contains { $0.contains(scalar) } != negated
            }
        }
    }

    private enum Repetition: Sendable {
        case once, optional, any
    }

    private struct Atom: Sendable {
        let matcher: Matcher
        let repetition: Repetition
    }

    /// The ASCII characters a matcher takes, as the bits of two words (0–63, 64–127).
    private struct ASCIISet: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init(_ matcher: Matcher) {
            for byte in UInt8(0)..<128 where matcher.matches(Unicode.Scalar(byte)) {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte &- 64)) != 0
        }
    }

    private let atoms: [Atom]
    /// The characters of the leading atoms that each match one given character once: every
    /// match starts with them.
    package let leadingCharacters: [Unicode.Scalar]
    /// How many of ``leadingCharacters`` are ASCII from the start: skipping that many
    /// characters skips as many bytes.
    private let leadingASCIICount: Int
    /// Each state's closure: itself and the states reachable from it without reading a
    /// character, as the bits of a word, so that matching allocates nothing.
    private let closures: [UInt64]
    /// Each state's ASCII characters (``Matcher/matches(_:)`` worked out for ASCII once), and
    /// the closure it moves to on one of them: an ASCII value is matched byte by byte.
    private let asciiSteps: [(characters: ASCIISet, target: UInt64, isAny: Bool)]

    /// Atoms after expanding counted repetitions, so that the states (one per atom, and the
    /// end) fit the bits of a word; a longer expression (`[a-z]{1,100}`) is ICU's.
    private static let maxAtoms = 63
    /// Punctuation that an escape makes literal.
    private static let escapable = Set("\\^$.|?*+()[]{}/-".unicodeScalars)
    /// Characters that are not literal outside a class.
    private static let special = Set("\\^$.|?*+()[]{}".unicodeScalars)

    /// Reads `pattern`, or `nil` when it is not of the plain kind (see the type's description).
    package init?(_ pattern: String) {
        var scalars = Array(pattern.unicodeScalars)
        if scalars.first == "^" { scalars.removeFirst() }
        if scalars.last == "$", !Self.endsWithEscape(scalars.dropLast()) { scalars.removeLast() }
        var atoms: [Atom] = []
        var index = 0
        while index < scalars.count {
            let matcher: Matcher
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else { return nil }
                let escaped = scalars[index]
                index += 1
                if escaped == "d" {
                    matcher = .decimalDigit
                } else if Self.escapable.contains(escaped) {
                    matcher = .scalar(escaped)
                } else {
                    return nil
                }
            case ".":
                matcher = .any
            case "[":
                guard let (set, end) = Self.readSet(scalars, from: index) else { return nil }
                matcher = set
                index = end
            default:
                guard !Self.special.contains(scalar) else { return nil }
                matcher = .scalar(scalar)
            }
            guard let (counts, end) = Self.readQuantifier(scalars, from: index) else { return nil }
            index = end
            for _ in 0..<counts.least { atoms.append(Atom(matcher: matcher, repetition: .once)) }
            if let most = counts.most {
                for _ in counts.least..<most { atoms.append(Atom(matcher: matcher, repetition: .optional)) }
            } else {
                atoms.append(Atom(matcher: matcher, repetition: .any))
            }
            guard atoms.count <= Self.maxAtoms else { return nil }
        }
        self.atoms = atoms
        leadingCharacters = atoms.prefix { $0.repetition == .once }.map { atom -> Unicode.Scalar? in
            if case .scalar(let scalar) = atom.matcher { scalar } else { nil }
        }.prefix { $0 != nil }.compactMap { $0 }
        leadingASCIICount = leadingCharacters.prefix { $0.isASCII }.count
        var closures: [UInt64] = []
        for state in 0...atoms.count {
            var mask: UInt64 = 1 << UInt64(state)
            var follower = state
            while follower < atoms.count, atoms[follower].repetition != .once {
                follower += 1
                mask |= 1 << UInt64(follower)
            }
            closures.append(mask)
        }
        self.closures = closures
        asciiSteps = atoms.indices.map { state in
            let atom = atoms[state]
            let isAny = if case .any = atom.matcher { true } else { false }
            return (ASCIISet(atom.matcher), closures[atom.repetition == .any ? state : state + 1], isAny)
        }
    }

    /// Whether the whole of `value` matches: the states are the atoms still to match, all
    /// followed at once (a Thompson simulation), so no input makes it backtrack. As in ICU, `.`
    /// takes a `\r\n` as one character, so its state lands two characters on.
    package func matches(_ value: String) -> Bool {
        matches(value, skippingLeading: 0)
    }

    /// Whether the whole of `value` matches, given that its first `skipped` characters are the
    /// first `skipped` of ``leadingCharacters`` (the route index found it by them): the
    /// simulation starts after them.
    package func matches(_ value: String, skippingLeading skipped: Int) -> Bool {
        var current = closures[skipped]
        var next: UInt64 = 0
        let scalars = value.unicodeScalars
        var position: String.Index
        // ASCII leading characters are skipped as bytes, and the ASCII characters after them
        // matched as bytes (decoding scalars and asking each matcher cost more than the rest
        // of a short match); a non-ASCII character hands over to the scalar loop below.
        if skipped <= leadingASCIICount,
           let asciiRun = value.utf8.withContiguousStorageIfAvailable({ bytes in
               matchASCII(bytes, from: skipped, current: &current, next: &next)
           }) {
            switch asciiRun {
            case .decided(let matched): return matched
            case .nonASCII(let offset): position = value.utf8.index(value.utf8.startIndex, offsetBy: offset)
            }
        } else {
            let start = skipped <= leadingASCIICount
                ? value.utf8.index(value.utf8.startIndex, offsetBy: skipped, limitedBy: value.utf8.endIndex)
                : scalars.index(scalars.startIndex, offsetBy: skipped, limitedBy: scalars.endIndex)
            guard let start else { return false }
            position = start
        }
        let accepting: UInt64 = 1 << UInt64(atoms.count)
        var afterNext: UInt64 = 0
        while position < scalars.endIndex {
            let scalar = scalars[position]
            position = scalars.index(after: position)
            let startsLineBreakPair = scalar == "\r" && position < scalars.endIndex && scalars[position] == "\n"
            var states = current & ~accepting
            while states != 0 {
                let state = states.trailingZeroBitCount
                states &= states - 1
                let target = atoms[state].repetition == .any ? state : state + 1
                if startsLineBreakPair, case .any = atoms[state].matcher {
                    afterNext |= closures[target]
                } else if atoms[state].matcher.matches(scalar) {
                    next |= closures[target]
                }
            }
            guard next | afterNext != 0 else { return false }
            current = next
            next = afterNext
            afterNext = 0
        }
        return current & accepting != 0
    }

    /// How matching the ASCII bytes of a value ended.
    private enum ASCIIRun {
        /// The value was ASCII to its end (or no state was left): whether it matched.
        case decided(Bool)
        /// A non-ASCII character starts at this byte offset; the states are where they were
        /// before it.
        case nonASCII(at: Int)
    }

    /// The simulation of ``matches(_:skippingLeading:)`` over ASCII bytes from `offset`, with
    /// each state's characters looked up as bits. `current` and `next` (states a `\r\n` pair
    /// taken as one character by `.` has already reached) carry over to the scalar loop.
    private func matchASCII(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, current: inout UInt64,
                            next: inout UInt64) -> ASCIIRun {
        guard offset <= bytes.count else { return .decided(false) }
        let accepting: UInt64 = 1 << UInt64(atoms.count)
        var afterNext: UInt64 = 0
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return .nonASCII(at: index) }
            index += 1
            let startsLineBreakPair = byte == UInt8(ascii: "\r") && index < bytes.count && bytes[index] == UInt8(ascii: "\n")
            var states = current & ~accepting
            while states != 0 {
                let state = states.trailingZeroBitCount
                states &= states - 1
                let step = asciiSteps[state]
                if startsLineBreakPair, step.isAny {
                    afterNext |= step.target
                } else if step.characters.contains(byte) {
                    next |= step.target
                }
            }
            guard next | afterNext != 0 else { return .decided(false) }
            current = next
            next = afterNext
            afterNext = 0
        }
        return .decided(current & accepting != 0)
    }

    private static func endsWithEscape(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        var backslashes = 0
        for scalar in scalars.reversed() {
            guard scalar == "\\" else { break }
            backslashes += 1
        }
        return backslashes % 2 == 1
    }

    /// A class after its `[`: literal characters, escaped punctuation and ranges between two
    /// of them, `^` first for a negated class. `nil` for anything else (nested classes, `&&`,
    /// properties, a `-` not between two characters, an empty class, a range running backwards).
    private static func readSet(_ scalars: [Unicode.Scalar], from start: Int) -> (Matcher, Int)? {
        var index = start
        var negated = false
        if index < scalars.count, scalars[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        func literal() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count, escapable.contains(scalars[index + 1]) else { return nil }
                index += 2
                return scalars[index - 1]
            case "[", "]", "-", "&", "^", "$", "{", "}":
                return nil
            default:
                index += 1
                return scalar
            }
        }
        while index < scalars.count, scalars[index] != "]" {
            guard let low = literal() else { return nil }
            if index < scalars.count, scalars[index] == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let high = literal(), low <= high else { return nil }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        guard index < scalars.count, !ranges.isEmpty else { return nil }
        return (.set(ranges, negated: negated), index + 1)
    }

    /// The quantifier at `start`, if any: how many times the atom must and may occur (`nil`:
    /// no limit). `nil` for a quantifier this type does not read (lazy, possessive, a count
    /// over ``maxAtoms``, a malformed count).
    private static func readQuantifier(_ scalars: [Unicode.Scalar], from start: Int) -> ((least: Int, most: Int?), Int)? {
        guard start < scalars.count else { return ((1, 1), start) }
        var index = start
        let counts: (least: Int, most: Int?)
        switch scalars[index] {
        case "*": counts = (0, nil); index += 1
        case "+": counts = (1, nil); index += 1
        case "?": counts = (0, 1); index += 1
        case "{":
            guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
            let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            guard isCount(parts[0]), let least = Int(parts[0]), least <= maxAtoms else { return nil }
            if parts.count == 1 {
                counts = (least, least)
            } else if parts[1].isEmpty {
                counts = (least, nil)
            } else {
                guard isCount(parts[1]), let most = Int(parts[1]), most >= least, most <= maxAtoms else { return nil }
                counts = (least, most)
            }
            index = close + 1
        default:
            return ((1, 1), start)
        }
        func isCount(_ text: Substring) -> Bool { !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        // A second quantifier makes it lazy (`?`), possessive (`+`) or an error: ICU's to read.
        if index < scalars.count, "*+?{".unicodeScalars.contains(scalars[index]) { return nil }
        return (counts, index)
    }
}
