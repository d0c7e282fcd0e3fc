import UnderstudySupport

extension Fault {
    /// Decodes a fault by its WireMock name (`CONNECTION_RESET_BY_PEER`, ...), the value of a
    /// response's `fault`, a stream's `thenFault` or an `llm` answer's `thenFault`; an unknown
    /// name is an error that suggests the closest one and lists them all.
    package init(wireMock reader: JSONReader) throws {
        let name = try reader.string()
        guard let fault = Fault(wireMockName: name) else {
            let names = Fault.allCases.map(\.name)
            throw reader.error("unknown fault \"\(name)\"\(LevenshteinDistance.suggestion(for: name, among: names)); faults are \(names.joined(separator: ", "))")
        }
        self = fault
    }
}
