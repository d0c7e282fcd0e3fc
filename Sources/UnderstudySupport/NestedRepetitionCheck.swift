/// Finds the shape behind most catastrophic backtracking: a group repeated without bound that
/// itself contains something repeated without bound, as in `(a+)+`, `(\w+\s?)*` or `(.*,){2,}`.
/// `understudy lint` warns about such stub regexes; at run time `BoundedRegex` abandons
/// the matches that do blow up, so the check is advice, not a gate.
///
/// Atomic groups `(?>…)` and possessive quantifiers (`a++`, `a*+`, `{2,}+`) cannot backtrack
/// and are not reported. The check is syntactic: it does not see alternations of overlapping
/// branches (`(a|a)*`), and it reports some repetitions that are safe because a literal
/// separates the turns (`(/[a-z]+)*`).
package enum NestedRepetitionCheck {
    /// The first offending group with its quantifier (`(a+)+`), or `nil`.
    package static func riskyGroup(in pattern: String) -> String? {
        let characters = Array(pattern)
        var groups: [Group] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "(":
                let atomic = index + 2 < characters.count && characters[index + 1] == "?" && characters[index + 2] == ">"
                groups.append(Group(start: index, atomic: atomic))
                index += 1
                continue
            case ")":
                guard let group = groups.popLast() else { index += 1; continue }
                let quantifier = Quantifier(characters, at: index + 1)
                let end = quantifier?.end ?? index + 1
                if let quantifier, quantifier.backtracksUnbounded, group.repeatsInside, !group.atomic {
                    return String(characters[group.start..<end])
                }
                if !groups.isEmpty {
                    let repeatsHere = (group.repeatsInside && !group.atomic) || quantifier?.backtracksUnbounded == true
                    groups[groups.count - 1].repeatsInside = groups[groups.count - 1].repeatsInside || repeatsHere
                }
                index = end
                continue
            case "[":
                index = endOfClass(characters, from: index)
            case "\\":
                if index + 1 < characters.count, characters[index + 1] == "Q" {
                    index = endOfQuote(characters, from: index + 2)
                } else {
                    index += 2
                }
            case "|":
                index += 1
                continue
            default:
                index += 1
            }
            // After an atom: a quantifier that can repeat it without bound marks the group.
            if let quantifier = Quantifier(characters, at: index) {
                if quantifier.backtracksUnbounded, !groups.isEmpty { groups[groups.count - 1].repeatsInside = true }
                index = quantifier.end
            }
        }
        return nil
    }

    private struct Group {
        let start: Int
        let atomic: Bool
        var repeatsInside = false
    }

    /// `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`, with an optional lazy `?` or possessive `+`.
    private struct Quantifier {
        let unbounded: Bool
        let possessive: Bool
        let end: Int

        var backtracksUnbounded: Bool { unbounded && !possessive }

        init?(_ characters: [Character], at start: Int) {
            guard start < characters.count else { return nil }
            var index = start
            switch characters[index] {
            case "*", "+":
                unbounded = true
                index += 1
            case "?":
                unbounded = false
                index += 1
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return nil }
                let bounds = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), !bounds[0].isEmpty,
                      bounds.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
                else { return nil }
                unbounded = bounds.count == 2 && bounds[1].isEmpty
                index = close + 1
            default:
                return nil
            }
            possessive = index < characters.count && characters[index] == "+"
            if index < characters.count, characters[index] == "+" || characters[index] == "?" { index += 1 }
            end = index
        }
    }

    /// The index after the `]` closing the class opened at `start` (ICU sets nest).
    private static func endOfClass(_ characters: [Character], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 1
            case "[": depth += 1
            case "]":
                // A `]` right after `[` or `[^` is a literal.
                let opener = characters[index - 1] == "[" || (characters[index - 1] == "^" && index >= 2 && characters[index - 2] == "[")
                if !opener {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
            default: break
            }
            index += 1
        }
        return characters.count
    }

    /// The index after the `\E` ending a `\Q` quote (or the end).
    private static func endOfQuote(_ characters: [Character], from start: Int) -> Int {
        var index = start
        while index + 1 < characters.count {
            if characters[index] == "\\" && characters[index + 1] == "E" { return index + 2 }
            index += 1
        }
        return characters.count
    }
}
