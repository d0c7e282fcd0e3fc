import Understudy

/// The first place two JSON documents differ, as `user.address.city: expected "Rome", got "Milan"`.
enum JSONDifference {
    static func first(expected: JSONValue, actual: JSONValue, path: String = "") -> String? {
        switch (expected, actual) {
        case let (.object(expectedObject), .object(actualObject)):
            for member in expectedObject {
                let childPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                guard let actualValue = actualObject[member.key] else {
                    return "\(childPath): expected \(member.value.jsonText()), got nothing"
                }
                if let difference = first(expected: member.value, actual: actualValue, path: childPath) { return difference }
            }
            for key in actualObject.keys where expectedObject[key] == nil {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                return "\(childPath): expected nothing, got \(actualObject[key]!.jsonText())"
            }
            return nil
        case let (.array(expectedItems), .array(actualItems)):
            for (index, item) in expectedItems.enumerated() {
                guard index < actualItems.count else {
                    return "\(path)[\(index)]: expected \(item.jsonText()), got nothing"
                }
                if let difference = first(expected: item, actual: actualItems[index], path: "\(path)[\(index)]") { return difference }
            }
            if actualItems.count > expectedItems.count {
                return "\(path)[\(expectedItems.count)]: expected nothing, got \(actualItems[expectedItems.count].jsonText())"
            }
            return nil
        default:
            guard expected != actual else { return nil }
            return "\(path.isEmpty ? "input" : path): expected \(expected.jsonText()), got \(actual.jsonText())"
        }
    }
}
