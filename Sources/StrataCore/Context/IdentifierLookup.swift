import Foundation
import Synchronization

/// Recognises the predicate of a lookup by identifier, `#Predicate<T> { $0.persistentModelID == id }`
/// (either way round): the usual server pattern, which the context and the SQL stores answer by
/// key instead of translating the predicate. A store can do the same:
///
/// ```swift
/// if let predicate = request.descriptor.predicate, let id = IdentifierLookup.identifier(lookedUpBy: predicate) { … }
/// ```
///
/// Both checks are costly done plainly on every fetch, so each is done once per type and
/// remembered: whether an expression type is such a comparison is a protocol cast against a
/// conditional conformance, and `\T.persistentModelID` is a key path made from its pattern.
public enum IdentifierLookup {
    /// The identifier `predicate` compares the model's `persistentModelID` with, when that
    /// comparison is the whole predicate; `nil` for every other predicate.
    public static func identifier<T: PersistentModel>(lookedUpBy predicate: Predicate<T>) -> PersistentIdentifier? {
        guard let compared = comparedIdentifier(in: predicate.expression), isPersistentModelID(compared.keyPath, of: T.self) else {
            return nil
        }
        return compared.identifier
    }

    /// Whether `keyPath` is `\Model.persistentModelID` of `modelType`.
    public static func isPersistentModelID(_ keyPath: AnyKeyPath, of modelType: any PersistentModel.Type) -> Bool {
        type(of: keyPath).valueType == PersistentIdentifier.self && keyPath == persistentModelIDKeyPath(of: modelType)
    }

    private static func comparedIdentifier(in expression: any StandardPredicateExpression<Bool>) -> ComparedIdentifier? {
        let key = ObjectIdentifier(type(of: expression))
        let comparisonType: (any IdentifierComparison.Type)?
        if let known = comparisonTypes.withLock({ $0[key] }) {
            comparisonType = known.value
        } else {
            comparisonType = type(of: expression) as? any IdentifierComparison.Type
            comparisonTypes.withLock { $0[key] = Immutable(value: comparisonType) }
        }
        return comparisonType?.comparedIdentifier(in: expression)
    }

    private static func persistentModelIDKeyPath(of modelType: any PersistentModel.Type) -> AnyKeyPath {
        let key = ObjectIdentifier(modelType)
        if let made = persistentModelIDKeyPaths.withLock({ $0[key] }) { return made.value }
        func make<Model: PersistentModel>(_: Model.Type) -> AnyKeyPath { \Model.persistentModelID }
        let keyPath = make(modelType)
        persistentModelIDKeyPaths.withLock { $0[key] = Immutable(value: keyPath) }
        return keyPath
    }

    /// Which expression types are identifier comparisons (`nil`: not one), by type.
    private static let comparisonTypes = Mutex<[ObjectIdentifier: Immutable<(any IdentifierComparison.Type)?>]>([:])
    /// `\Model.persistentModelID`, by model type.
    private static let persistentModelIDKeyPaths = Mutex<[ObjectIdentifier: Immutable<AnyKeyPath>]>([:])
}

/// The two sides of an ``IdentifierComparison`` (a struct, not a tuple: a tuple's metadata is
/// looked up at run time wherever generic code returns one).
private struct ComparedIdentifier {
    /// The key path of the model's member.
    let keyPath: AnyKeyPath
    /// The captured identifier.
    let identifier: PersistentIdentifier
}

/// A value shared between threads that nobody changes once made (metatypes, key paths).
private struct Immutable<Value>: @unchecked Sendable {
    let value: Value
}

/// `a == b` where one side is a member of the predicate's model and the other a captured
/// `PersistentIdentifier`.
private protocol IdentifierComparison {
    /// The member's key path and the captured identifier; `nil` for other shapes.
    var comparedIdentifier: ComparedIdentifier? { get }
}

extension IdentifierComparison {
    /// ``comparedIdentifier`` of `expression`, whose dynamic type is this one (the caller found
    /// this type by it): the expression is reinterpreted, not cast, since a checked cast out of
    /// a constrained existential costs as much as the rest of the lookup.
    static func comparedIdentifier(in expression: any StandardPredicateExpression<Bool>) -> ComparedIdentifier? {
        func open<Expression: StandardPredicateExpression<Bool>>(_ opened: Expression) -> ComparedIdentifier? {
            precondition(Expression.self == Self.self, "an identifier comparison of another type")
            return unsafeBitCast(opened, to: Self.self).comparedIdentifier
        }
        return open(expression)
    }
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
    var comparedIdentifier: ComparedIdentifier? {
        if let keyPath = lhs.modelMember, let identifier = rhs.capturedIdentifier { return ComparedIdentifier(keyPath: keyPath, identifier: identifier) }
        if let keyPath = rhs.modelMember, let identifier = lhs.capturedIdentifier { return ComparedIdentifier(keyPath: keyPath, identifier: identifier) }
        return nil
    }
}
