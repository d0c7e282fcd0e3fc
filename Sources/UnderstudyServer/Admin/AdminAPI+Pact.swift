import Foundation
import Understudy
import UnderstudyPact

extension AdminAPI {
    /// `GET /pact?consumer=C&provider=P[&specification=3]`: the Pact contract (v4 unless
    /// `specification=3`) of what the mock (or the `?namespace=` it names) served, as
    /// `mock.pactContract(consumer:provider:specification:)` writes it; the patterns it could not
    /// carry are in its `metadata.understudy.patternsWithoutPactEquivalent`.
    func pact(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        guard let consumer = request.queryValues("consumer").first, !consumer.isEmpty,
              let provider = request.queryValues("provider").first, !provider.isEmpty else {
            throw .badRequest("GET /__admin/pact needs ?consumer=NAME&provider=NAME: the names the contract is written for")
        }
        var specification = PactSpecification.v4
        if let text = request.queryValues("specification").first {
            guard let named = PactSpecification(text) else {
                throw .badRequest("specification \"\(text)\" is not a Pact version Understudy writes; use 3 or 4")
            }
            specification = named
        }
        let contract = mock.pactContract(consumer: consumer, provider: provider, specification: specification)
        return AdminResponse.json(contract.document)
    }
}
