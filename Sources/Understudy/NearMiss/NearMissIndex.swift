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

    /// Where a stub is filed: a list, or a class's trie under a text (a template also in the
    /// template trie, by its segments).
    private enum Place {
        case unbounded, regexes
        case trie(TextClass, text: [UInt8], templateSegments: [String?]?)
    }

    private static func place(of entry: StubRegistry.Entry) -> Place {
        let bound = entry.nearMissBound
        func inClass(_ includesQuery: Bool, _ kind: TextClass.Kind) -> TextClass {
            TextClass(method: bound.method, totalWeight: bound.totalWeight, includesQuery: includesQuery, kind: kind)
        }
        switch bound.url {
        case .unbounded: return .unbounded
        case let .regexPrefix(prefix, includesQuery):
            return prefix.isASCII ? .trie(inClass(includesQuery, .regexPrefix), text: prefix, templateSegments: nil) : .regexes
        case let .text(text, includesQuery):
            return .trie(inClass(includesQuery, .text), text: text, templateSegments: nil)
        case let .template(text, template):
            return .trie(inClass(false, .template), text: text, templateSegments: template.segmentLiterals)
        }
    }

    mutating func insert(_ entry: StubRegistry.Entry) {
        switch Self.place(of: entry) {
        case .unbounded: unbounded.append(entry)
        case .regexes: regexes.append(entry)
        case let .trie(textClass, text, segments):
            changeTrie(of: textClass) { $0.insert(entry, text: text) }
            if let segments { templates.insert(entry, segments: segments) }
        }
    }

    mutating func remove(_ entry: StubRegistry.Entry) {
        switch Self.place(of: entry) {
        case .unbounded: unbounded.removeAll { $0 === entry }
        case .regexes: regexes.removeAll { $0 === entry }
        case let .trie(textClass, text, segments):
            changeTrie(of: textClass) { $0.remove(entry, text: text) }
            if let segments { templates.remove(entry, segments: segments) }
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
