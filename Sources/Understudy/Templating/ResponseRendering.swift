import UnderstudySupport
import UnderstudyTemplating
/// The renderings of one response (or one webhook): one renderer, so that variables set in the
/// body are seen by the headers, and the request model, built as far as the templates rendered
/// so far read it.
struct ResponseRendering {
    private var model: TemplateRequestModel
    /// The name templates know the request by: `request` in responses, `originalRequest` in
    /// webhooks.
    private let requestKey: String
    private let parameters: TemplateValue
    /// Further members of the root, such as a message stub's `message`.
    private let extras: [(name: String, value: TemplateValue)]
    private var generator: SplitMix64
    private let escapesHTML: Bool
    /// Made by the first rendering, with the fields that template reads.
    private var renderer: TemplateRenderer?

    init(model: TemplateRequestModel, parameters: TemplateValue, generator: SplitMix64, escapesHTML: Bool,
         requestKey: String = "request", extras: [(name: String, value: TemplateValue)] = []) {
        self.model = model
        self.requestKey = requestKey
        self.parameters = parameters
        self.extras = extras
        self.generator = generator
        self.escapesHTML = escapesHTML
    }

    /// Renders `template`, first building the fields of the request model it reads.
    mutating func render(_ template: Template, reading fields: TemplateRequestFields) throws(TemplateError) -> String {
        let grown = model.include(fields)
        if renderer == nil {
            renderer = TemplateRenderer(context: context(), generator: generator, escapesHTML: escapesHTML)
        } else if grown {
            let root = context()
            renderer?.replaceRoot(root)
        }
        return try renderer!.render(template)
    }

    /// What templates see at the root: the request, `parameters` and the extras.
    private func context() -> TemplateValue {
        var context = TemplateValue.JSONObjectValue(capacity: 2 + extras.count)
        context.append(requestKey, model.value)
        context.append("parameters", parameters)
        for extra in extras { context.append(extra.name, extra.value) }
        return .object(context)
    }
}
