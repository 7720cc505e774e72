/// A generated predicate tree over `Row`; ``FuzzPredicateBuilder`` turns it into a Foundation
/// `Predicate`, and its description reads like the `#Predicate` body that would build it.
indirect enum FuzzPredicate: Sendable, Hashable, CustomStringConvertible {
    case and(FuzzPredicate, FuzzPredicate)
    case or(FuzzPredicate, FuzzPredicate)
    case not(FuzzPredicate)
    case leaf(FuzzLeaf)

    /// The direct sub-trees, which the shrinker tries in place of the whole.
    var children: [FuzzPredicate] {
        switch self {
        case .and(let lhs, let rhs), .or(let lhs, let rhs): [lhs, rhs]
        case .not(let inner): [inner]
        case .leaf: []
        }
    }

    /// How many nodes the tree has.
    var size: Int { 1 + children.reduce(0) { $0 + $1.size } }

    /// How deep the tree is (a leaf is 1).
    var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }

    var description: String {
        switch self {
        case .and(let lhs, let rhs): "(\(lhs) && \(rhs))"
        case .or(let lhs, let rhs): "(\(lhs) || \(rhs))"
        case .not(let inner): "!(\(inner))"
        case .leaf(let leaf): "\(leaf)"
        }
    }
}
