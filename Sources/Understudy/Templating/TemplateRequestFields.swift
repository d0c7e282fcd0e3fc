import UnderstudyTemplating

/// The fields of the `request` model (``TemplateRequestModel``) a parsed template may read, so
/// that rendering builds only those.
struct TemplateRequestFields: OptionSet, Sendable {
    /// One bit per ``TemplateRequestModel/Field``, at its raw value.
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set of one field.
    init(_ field: TemplateRequestModel.Field) { self.init(rawValue: 1 << UInt32(field.rawValue)) }

    /// Every field.
    static let everything = TemplateRequestFields(rawValue: (1 << UInt32(TemplateRequestModel.Field.allCases.count)) - 1)

    /// The fields `template` may read of its `request` member (unknown members, such as
    /// `request.nothing`, read nothing: they print as empty either way).
    init(readBy template: Template) {
        switch TemplateMemberReads(of: "request", in: template) {
        case .whole:
            self = .everything
        case .members(let names):
            self = []
            for field in TemplateRequestModel.Field.allCases where names.contains(field.name.lowercased()) {
                formUnion(TemplateRequestFields(field))
            }
        }
    }

    /// The number of fields in the set.
    var count: Int { rawValue.nonzeroBitCount }

    /// Whether the set holds the field.
    func contains(_ field: TemplateRequestModel.Field) -> Bool { contains(TemplateRequestFields(field)) }
}
