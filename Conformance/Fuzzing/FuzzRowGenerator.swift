import StrataCore

/// Generates random rows: about a third of every optional attribute nil, the rest from
/// ``FuzzValuePool`` (edge numbers, NaN, `-0.0`, tricky strings, dates before 1970).
struct FuzzRowGenerator {
    var nilProbability = 0.3

    func rows(count: Int, using generator: inout SplitMix64) -> [FuzzRow] {
        (0..<count).map { index in row(tag: "r\(index)", using: &generator) }
    }

    func row(tag: String, using generator: inout SplitMix64) -> FuzzRow {
        func value<T: FuzzScalar>(_: T.Type) -> T { T.unwrap(FuzzValuePool.value(T.kind, using: &generator)) }
        func optional<T: FuzzScalar>(_: T.Type) -> T? { generator.chance(nilProbability) ? nil : value(T.self) }
        return FuzzRow(
            tag: tag, int: value(Int.self), optInt: optional(Int.self), double: value(Double.self), optDouble: optional(Double.self),
            string: value(String.self), optString: optional(String.self), flag: value(Bool.self), optFlag: optional(Bool.self),
            date: value(Date.self), optDate: optional(Date.self))
    }
}
