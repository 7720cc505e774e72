import StrataCore

/// Which rows a principal (an authenticated user, a device) may see and change, per model.
///
/// A model with no rule is wholly in scope. A rule is a predicate the principal chooses, checked
/// in Swift on each row a pull would send and on each row a push touches, before and after the
/// change:
///
/// ```swift
/// let scope = ReplicationScope<User>()
///     .restricting(Item.self) { user in
///         let owner = user.id
///         return #Predicate<Item> { $0.ownerID == owner }
///     }
/// ```
///
/// A deletion is sent to every principal: its tombstone carries the deleted row's remote id only.
public struct ReplicationScope<Principal>: Sendable {
    private var rules: [String: @Sendable (Principal, any PersistentModel) throws -> Bool] = [:]

    /// Every row of every replicated model is in scope.
    public init() {}

    /// This scope, with the rows of `type` limited to those `predicate` accepts for the principal.
    public func restricting<Model: PersistentModel>(_ type: Model.Type, to predicate: @escaping @Sendable (Principal) -> Predicate<Model>) -> Self {
        var scope = self
        scope.rules[Schema.entityName(for: type)] = { principal, model in
            guard let model = model as? Model else { return false }
            return try predicate(principal).evaluate(model)
        }
        return scope
    }

    /// Whether `principal` may see and change `model`.
    /// - Throws: the predicate's evaluation error.
    func allows(_ model: any PersistentModel, of entity: String, for principal: Principal) throws -> Bool {
        try rules[entity]?(principal, model) ?? true
    }
}
