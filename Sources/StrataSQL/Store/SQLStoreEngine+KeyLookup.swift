import Foundation
import StrataCore

extension SQLStoreEngine {
    /// The key of the row a fetch of whole rows looks up when its predicate is only
    /// `$0.persistentModelID == identifier` (either way round), the identifier names a row of
    /// this entity in this store, and nothing else shapes the answer: no offset, no zero limit,
    /// no `propertiesToFetch`, no class hierarchy. Such a fetch selects at most that row, so it
    /// runs ``EntityMapping/selectByKeySQL`` like `model(for:)`: the usual server lookup costs
    /// no translation. `nil` for every other descriptor (the translator plans it).
    func lookedUpKey<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, mapping: EntityMapping, purpose: SQLFetchPlan<T>.Purpose) -> Int64? {
        guard purpose == .snapshots, let predicate = descriptor.predicate, (descriptor.fetchOffset ?? 0) == 0,
              (descriptor.fetchLimit ?? 1) > 0, descriptor.propertiesToFetch.isEmpty,
              mapping.entity.superentity == nil, mapping.entity.subentities.isEmpty,
              // A protocol cast, not a cast to the generic comparison type: that would look up
              // four generic types' metadata on every fetch.
              let (keyPath, identifier) = (predicate.expression as? any IdentifierComparison)?.comparedIdentifier,
              identifier.storeIdentifier == storeIdentifier, identifier.entityName == mapping.entity.name,
              let key = identifier.primaryKey.integerValue, TranslationContext.isPersistentModelID(keyPath, of: T.self)
        else { return nil }
        return key
    }
}

/// `a == b` where one side is a member of the predicate's model and the other a captured
/// `PersistentIdentifier`.
private protocol IdentifierComparison {
    /// The member's key path and the captured identifier; `nil` for other shapes.
    var comparedIdentifier: (AnyKeyPath, PersistentIdentifier)? { get }
}

/// One side of ``IdentifierComparison``.
private protocol IdentifierOperand {
    /// The key path when this is a member of the predicate's model itself (`$0.member`).
    var modelMember: AnyKeyPath? { get }
    /// The identifier when this is a captured value.
    var capturedIdentifier: PersistentIdentifier? { get }
}

/// Marks the predicate's variable, so `$0.member` is told from `$0.other.member`.
private protocol PredicateVariable {}

extension PredicateExpressions.Variable: PredicateVariable {}

extension PredicateExpressions.KeyPath: IdentifierOperand where Output == PersistentIdentifier {
    var modelMember: AnyKeyPath? { root is any PredicateVariable ? keyPath : nil }
    var capturedIdentifier: PersistentIdentifier? { nil }
}

extension PredicateExpressions.Value: IdentifierOperand where Output == PersistentIdentifier {
    var modelMember: AnyKeyPath? { nil }
    var capturedIdentifier: PersistentIdentifier? { value }
}

extension PredicateExpressions.Equal: IdentifierComparison where LHS: IdentifierOperand, RHS: IdentifierOperand {
    var comparedIdentifier: (AnyKeyPath, PersistentIdentifier)? {
        if let keyPath = lhs.modelMember, let identifier = rhs.capturedIdentifier { return (keyPath, identifier) }
        if let keyPath = rhs.modelMember, let identifier = lhs.capturedIdentifier { return (keyPath, identifier) }
        return nil
    }
}
