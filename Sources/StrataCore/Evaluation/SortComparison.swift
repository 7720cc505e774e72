import Foundation

/// How Strata orders values for a `SortDescriptor`, on every backend.
///
/// - `nil` sorts before any value in ascending order (after it in descending order).
/// - Strings compare with Swift's `<`: code-point order of the canonical form, so `"Z" < "a"`.
///   A descriptor's `stringComparator` is not consulted: SQL cannot reproduce localized order.
/// - `Double`/`Float` NaN sorts after every number, and equal to another NaN.
/// - `Bool` sorts `false` before `true`; other values use their `Comparable` conformance.
public enum SortComparison {
    /// Compares two models by one descriptor.
    public static func compare<T>(_ lhs: T, _ rhs: T, by descriptor: SortDescriptor<T>) -> ComparisonResult {
        guard let keyPath = descriptor.keyPath else { return descriptor.compare(lhs, rhs) }
        let result = compareValues(lhs[keyPath: keyPath], rhs[keyPath: keyPath])
        guard descriptor.order == .reverse else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    /// Compares two values of the same type in ascending order.
    public static func compareValues(_ lhs: Any, _ rhs: Any) -> ComparisonResult {
        switch (flattenedOptional(lhs), flattenedOptional(rhs)) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case let (left?, right?): return compareNonNil(left, right)
        }
    }

    private static func compareNonNil(_ lhs: Any, _ rhs: Any) -> ComparisonResult {
        if let left = lhs as? Double, let right = rhs as? Double { return compareFloating(left, right) }
        if let left = lhs as? Float, let right = rhs as? Float { return compareFloating(left, right) }
        if let left = lhs as? Bool, let right = rhs as? Bool { return compareComparable(left ? 1 : 0, right ? 1 : 0) }
        if let left = lhs as? any Comparable { return compareOpened(left, rhs) }
        if let left = lhs as? any RawRepresentable, let right = rhs as? any RawRepresentable {
            return compareValues(left.rawValue, right.rawValue)
        }
        return .orderedSame
    }

    private static func compareFloating<F: FloatingPoint>(_ lhs: F, _ rhs: F) -> ComparisonResult {
        switch (lhs.isNaN, rhs.isNaN) {
        case (true, true): return .orderedSame
        case (true, false): return .orderedDescending
        case (false, true): return .orderedAscending
        case (false, false): return compareComparable(lhs, rhs)
        }
    }

    private static func compareOpened<C: Comparable>(_ lhs: C, _ rhs: Any) -> ComparisonResult {
        guard let right = rhs as? C else { return .orderedSame }
        return compareComparable(lhs, right)
    }

    private static func compareComparable<C: Comparable>(_ lhs: C, _ rhs: C) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : (rhs < lhs ? .orderedDescending : .orderedSame)
    }
}
