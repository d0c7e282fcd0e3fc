/// The text of a mock's failures: an unexpected call with the nearest `given` clause argument by
/// argument, and a failed verification with the calls the requirement did receive.
enum NearMissReport {
    /// ```
    /// MockFileSystem: unexpected call read(from: /b): no given matches it
    /// Nearest given 1 of 2: given read(from: .value(/a))
    ///   ✗ from: expected /a, got /b
    /// ```
    static func unexpectedCall(_ call: MockCall, mock: String, answers: [MockAnswer]) -> String {
        var lines = ["\(mock): unexpected call \(call): no given matches it"]
        let related = answers.filter { $0.member.name == call.member.name && $0.member.kind == call.member.kind }
        if related.isEmpty {
            let others = Set(answers.map(\.member.name)).sorted()
            lines.append("No given is registered for \(call.member.name)"
                + (others.isEmpty ? " (the mock has none)." : "; the mock has given clauses for \(others.joined(separator: ", "))."))
        } else {
            let ranked = related.enumerated().sorted { left, right in
                let l = left.element.conditions.misses(call.arguments).count + (left.element.member == call.member ? 0 : 1)
                let r = right.element.conditions.misses(call.arguments).count + (right.element.member == call.member ? 0 : 1)
                return (l, left.offset) < (r, right.offset)
            }
            let nearest = ranked[0].element
            lines.append("Nearest given 1 of \(related.count): \(nearest.description)")
            if nearest.member != call.member {
                lines.append("  ✗ signature: expected \(nearest.member.key), got \(call.member.key)")
            }
            for (condition, argument) in zip(nearest.conditions, call.arguments) {
                lines.append(condition.matches(argument)
                    ? "  ✓ \(condition.label): \(argument)"
                    : "  ✗ \(condition.label): expected \(condition.description), got \(argument)")
            }
            if nearest.member == call.member, nearest.conditions.match(call.arguments) {
                lines.append("  ✗ type: its answer is not a \(call.member.key) answer for these types")
            }
        }
        lines.append("Answer it with given(mock).\(call.member.baseName)(…).willReturn(…), or make the mock with a relaxed MockerPolicy.")
        return lines.joined(separator: "\n")
    }

    static func failedVerification(
        _ member: MockMember, _ conditions: [MockCondition], expected: Count, got: Int, calls: [MockCall], mock: String
    ) -> String {
        let clause = "\(member.kind == .call ? "" : "\(member.kind) ")\(member.baseName)(\(conditions.map { "\($0.label): \($0.description)" }.joined(separator: ", ")))"
        var lines = ["\(mock): expected \(expected) to \(clause), got \(got)"]
        let related = calls.filter { $0.member == member }
        if related.isEmpty {
            lines.append("\(member.name) was never \(member.kind == .set ? "set" : member.kind == .get ? "read" : "called").")
        } else {
            lines.append("Calls to \(member.name) (\(related.count)):")
            for (index, call) in related.enumerated() {
                lines.append("  \(index + 1). \(call)")
                for (condition, argument) in conditions.misses(call.arguments) {
                    lines.append("     ✗ \(condition.label): expected \(condition.description), got \(argument)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
