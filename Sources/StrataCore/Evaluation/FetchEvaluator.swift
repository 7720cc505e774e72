import Foundation

/// Applies a ``FetchDescriptor`` to models in Swift: the reference semantics every store matches.
///
/// A row matches when the predicate evaluates to `true`; a predicate that throws for a row
/// (a forced unwrap of `nil`, for instance) does not match it, as Foundation's evaluator
/// stops there. Sorting follows ``SortComparison``.
public enum FetchEvaluator {
    /// The models matching `descriptor`, sorted and windowed as it asks.
    public static func apply<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, to models: [T]) -> [T] {
        var result = models
        if let predicate = descriptor.predicate { result = filter(result, by: predicate) }
        if !descriptor.sortBy.isEmpty { result = sort(result, by: descriptor.sortBy) }
        return window(result, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
    }

    /// The models for which `predicate` evaluates to `true`.
    public static func filter<T>(_ models: [T], by predicate: Predicate<T>) -> [T] {
        models.filter { (try? predicate.evaluate($0)) == true }
    }

    /// The models ordered by `descriptors`, the first deciding, the next breaking ties.
    public static func sort<T>(_ models: [T], by descriptors: [SortDescriptor<T>]) -> [T] {
        models.sorted { lhs, rhs in
            for descriptor in descriptors {
                switch SortComparison.compare(lhs, rhs, by: descriptor) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return false
        }
    }

    /// Skips `offset` elements and keeps at most `limit`.
    public static func window<Element>(_ elements: [Element], offset: Int?, limit: Int?) -> [Element] {
        let start = min(max(offset ?? 0, 0), elements.count)
        let end = limit.map { min(start + max($0, 0), elements.count) } ?? elements.count
        return Array(elements[start..<end])
    }
}
