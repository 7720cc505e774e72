import StrataCore

/// One generated sort descriptor: an ordered attribute of `Row`, optional or not, and its order.
struct FuzzSortKey: Sendable, Hashable, CustomStringConvertible {
    var kind: FuzzKind
    var optional: Bool
    var reverse: Bool

    var descriptor: SortDescriptor<Row> {
        let order: SortOrder = reverse ? .reverse : .forward
        switch (kind, optional) {
        case (.int, false): return SortDescriptor(\Row.int, order: order)
        case (.int, true): return SortDescriptor(\Row.optInt, order: order)
        case (.double, false): return SortDescriptor(\Row.double, order: order)
        case (.double, true): return SortDescriptor(\Row.optDouble, order: order)
        case (.string, false): return SortDescriptor(\Row.string, order: order)
        case (.string, true): return SortDescriptor(\Row.optString, order: order)
        case (.date, false): return SortDescriptor(\Row.date, order: order)
        case (.date, true): return SortDescriptor(\Row.optDate, order: order)
        case (.bool, _): preconditionFailure("Bool is not Comparable")
        }
    }

    var description: String {
        "SortDescriptor(\\.\(kind.attributeName(optional: optional))\(reverse ? ", order: .reverse" : ""))"
    }
}
