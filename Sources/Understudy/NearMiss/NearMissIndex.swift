import UnderstudySupport
import UnderstudyClient

/// The stubs of a registry filed for near-miss ranking by what bounds their distance
/// (``NearMissBound``), so that ranking visits groups of far stubs as one:
/// - exact URLs, templates' texts and regexes' literal starts, in a ``NearMissTextTrie`` per
///   class (method, weight, path or whole URL, kind), since every stub of a class is bounded
///   alike;
/// - templates also by their segments (a ``PathTemplateTrie``), to find the few that may fit a
///   path and so be 0 away;
/// - regexes whose literal start is not ASCII, in one list;
/// - the rest, whose URL the bound takes as matching.
///
/// A value type, kept up to date by ``StubRegistry`` as stubs come and go.
struct NearMissIndex: Sendable {
    /// Stubs bounded alike: the same method and weight, graded against the same kind of text.
    struct TextClass: Equatable, Sendable {
        /// What the texts of a class are.
        enum Kind: Sendable {
            /// Exact URLs or paths, graded by their edit distance.
            case text
            /// Templates' texts, graded by their edit distance when they do not fit the path.
            case template
            /// Regexes' literal starts: a regex is 1 away when the request lacks its start.
            case regexPrefix
        }

        let method: HTTPMethod
        let totalWeight: Double
        let includesQuery: Bool
        let kind: Kind
    }

    private(set) var classes: [TextClass] = []
    /// The trie of each class, at the class's place in ``classes``.
    private(set) var tries: [NearMissTextTrie] = []
    /// Every template stub of the tries, by its segments.
    private(set) var templates = PathTemplateTrie()
    private(set) var regexes: [StubRegistry.Entry] = []
    private(set) var unbounded: [StubRegistry.Entry] = []

    mutating func insert(_ entry: StubRegistry.Entry) {
        let bound = entry.nearMissBound
        switch bound.url {
        case .unbounded: unbounded.append(entry)
        case let .regexPrefix(prefix, includesQuery):
            guard prefix.isASCII else {
                regexes.append(entry)
                return
            }
            changeTrie(of: TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: includesQuery, kind: .regexPrefix)) {
                $0.insert(entry, text: prefix)
            }
        case let .text(text, includesQuery):
            changeTrie(of: TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: includesQuery, kind: .text)) {
                $0.insert(entry, text: text)
            }
        case let .template(text, template):
            changeTrie(of: TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: false, kind: .template)) {
                $0.insert(entry, text: text)
            }
            templates.insert(entry, segments: template.segmentLiterals)
        }
    }

    mutating func remove(_ entry: StubRegistry.Entry) {
        let bound = entry.nearMissBound
        switch bound.url {
        case .unbounded: unbounded.removeAll { $0 === entry }
        case let .regexPrefix(prefix, includesQuery):
            guard prefix.isASCII else {
                regexes.removeAll { $0 === entry }
                return
            }
            changeTrie(of: TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: includesQuery, kind: .regexPrefix)) {
                $0.remove(entry, text: prefix)
            }
        case let .text(text, includesQuery):
            changeTrie(of: TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: includesQuery, kind: .text)) {
                $0.remove(entry, text: text)
            }
        case let .template(text, template):
            changeTrie(of: TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: false, kind: .template)) {
                $0.remove(entry, text: text)
            }
            templates.remove(entry, segments: template.segmentLiterals)
        }
    }

    /// Changes the trie of a class, keeping only classes that have stubs.
    private mutating func changeTrie(of textClass: TextClass, _ change: (inout NearMissTextTrie) -> Void) {
        if let position = classes.firstIndex(of: textClass) {
            change(&tries[position])
            if tries[position].isEmpty {
                classes.remove(at: position)
                tries.remove(at: position)
            }
        } else {
            var trie = NearMissTextTrie()
            change(&trie)
            if !trie.isEmpty {
                classes.append(textClass)
                tries.append(trie)
            }
        }
    }
}
