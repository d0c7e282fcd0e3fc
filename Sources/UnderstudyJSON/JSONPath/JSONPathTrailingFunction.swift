/// A Jayway function at the end of a path, such as `$.items.length()`; its input is the
/// selected value (definite paths) or the array of selected values (other paths).
enum JSONPathTrailingFunction: String, Sendable, Hashable, CaseIterable {
    /// Characters of a string, elements of an array, members of an object.
    case length
    /// The same as `length`.
    case size
    /// The smallest number in an array.
    case min
    /// The largest number in an array.
    case max
    /// The mean of the numbers in an array.
    case avg
    /// The sum of the numbers in an array.
    case sum
    /// The population standard deviation of the numbers in an array.
    case stddev
    /// The member names of an object.
    case keys
    /// The first element of an array.
    case first
    /// The last element of an array.
    case last

    /// The function's result, or `nil` when it does not apply to the input.
    func apply(to input: JSONValue) -> JSONValue? {
        switch self {
        case .length, .size:
            return JSONPathFunction.length(of: input).map { .number(JSONNumber($0)) }
        case .keys:
            return input.objectValue.map { .array($0.keys.map(JSONValue.string)) }
        case .first:
            return input.arrayValue?.first
        case .last:
            return input.arrayValue?.last
        case .min, .max, .avg, .sum, .stddev:
            // Like Jayway, aggregations read the numbers of an array and skip anything else.
            guard let items = input.arrayValue else { return nil }
            let numbers = items.compactMap(\.doubleValue)
            guard !numbers.isEmpty else { return nil }
            let sum = numbers.reduce(0, +)
            let mean = sum / Double(numbers.count)
            let result: Double
            switch self {
            case .min: result = numbers.min() ?? 0
            case .max: result = numbers.max() ?? 0
            case .sum: result = sum
            case .avg: result = mean
            default: result = (numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)).squareRoot()
            }
            return .number(JSONNumber(result))
        }
    }

    /// The names of all functions, for error messages: `length(), size(), ...`.
    static var supportedList: String { allCases.map { "\($0.rawValue)()" }.joined(separator: ", ") }
}
