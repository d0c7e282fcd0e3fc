/// The mock type: `final class Mock<Name>` (an `actor` for an actor-constrained protocol, with
/// the protocol's global actor), generic over the protocol's associated types, holding its
/// mocker and clause builders.
struct MockFactory {
    let model: ProtocolModel

    func mock() -> String {
        let access = model.access == "internal" || model.access.isEmpty ? "" : "\(model.access) "
        let m = Names.module
        let generics = model.associatedTypes.isEmpty ? "" : "<\(model.associatedTypes.map { $0.constraint.isEmpty ? $0.name : "\($0.name): \($0.constraint)" }.joined(separator: ", "))>"
        let kind = model.isActor ? "actor" : "final class"
        let conformances = [model.name, "\(m).MockableService"] + (model.isGeneric ? [] : ["\(m).StaticallyMockable"])
        let location = "\(m).MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)"
        let nonisolated = model.isActor ? "" : "nonisolated "
        var members = [
            "\(access)nonisolated let mocker: \(m).Mocker",
            """
            /// A mock with its own state; `policy` defaults to the task's `MockerPolicy.default`.
            \(access)\(nonisolated)init(policy: \(m).MockerPolicy? = nil, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
            self.mocker = \(m).Mocker(name: "\(model.mockName)", policy: policy, location: \(location))
            }
            """,
            """
            \(access)\(nonisolated)init(policy: \(m).MockerPolicy?, location: \(m).MockSourceLocation) {
            self.mocker = \(m).Mocker(name: "\(model.mockName)", policy: policy, location: location)
            }
            """,
        ]
        if !model.isGeneric {
            members.append("\(access)nonisolated static let staticMockers = \(m).StaticMockers()")
            members.append("\(access)nonisolated static var staticMocker: \(m).Mocker? { staticMockers.current }")
        } else {
            // A generic type has no static storage: its static requirements are refused (a diagnostic).
            members.append("\(access)nonisolated static var staticMocker: \(m).Mocker? { nil }")
        }
        members += BuilderFactory(model: model).builders()
        // A mock keeps its protocol's isolation whatever the module's default (SE-0466): its
        // global actor when it names one, else none, so that a main-actor-by-default module can
        // mock a `nonisolated` protocol (Mockable #130).
        let actor = model.globalActor.map { "\($0) " } ?? (model.isActor ? "" : "nonisolated ")
        return """
            #if \(Names.condition)
            \(actor)\(access)\(kind) \(model.mockName)\(generics): \(conformances.joined(separator: ", ")) {
            \(members.joined(separator: "\n"))
            }
            #endif
            """
    }
}
