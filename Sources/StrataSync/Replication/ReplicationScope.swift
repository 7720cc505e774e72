import StrataCore

/// Which rows a principal (an authenticated user, a device) may see and change, per model.
///
/// A model with no rule is wholly in scope. A rule is checked in Swift on each row a pull, a
/// snapshot or a push's answer would send, and on each row a push touches, before and after the
/// change. A key rule (`restricting(_:by:to:)`) also decides which deletions reach a principal:
///
/// ```swift
/// let scope = ReplicationScope<User>()
///     .restricting(Item.self, by: \.ownerID) { user in user.id }   // the attribute is preserved on deletion
///     .restricting(Project.self) { user in
///         let team = user.team
///         return #Predicate<Project> { $0.team == team }
///     }
///     .allowingLinks(to: Tag.self)                                  // a shared catalogue
/// ```
///
/// A link from a row in scope to a row outside it is refused (`outOfScope`) unless the target's
/// model allows links across scopes (docs/replication.md rule 9).
public struct ReplicationScope<Principal>: Sendable {
    private var rules: [String: Rule] = [:]
    private var linkable: Set<String> = []

    /// One model's rule: its test of a row, and for a key rule the attribute it compares.
    private struct Rule: Sendable {
        let allows: @Sendable (Principal, any PersistentModel) throws -> Bool
        let key: Key?
    }

    /// A key rule's attribute and its test of a deleted row's preserved value.
    private struct Key: @unchecked Sendable {
        let keyPath: AnyKeyPath
        let matches: @Sendable (Principal, Any?) -> Bool
    }

    /// Every row of every replicated model is in scope.
    public init() {}

    /// This scope, with the rows of `type` limited to those `predicate` accepts for the principal.
    ///
    /// The server cannot tell from a predicate which principals held a row that was deleted or
    /// changed out of their scope, so each of them is sent to every principal that cannot see
    /// the row now, as a deletion naming its id. A key rule sends it only where it was in scope.
    public func restricting<Model: PersistentModel>(_ type: Model.Type, to predicate: @escaping @Sendable (Principal) -> Predicate<Model>) -> Self {
        with(Rule(allows: { principal, model in try (model as? Model).map { try predicate(principal).evaluate($0) } ?? false }, key: nil), for: type)
    }

    /// This scope, with the rows of `type` limited to those whose attribute at `keyPath` equals
    /// `value(principal)` (an owner, a team).
    ///
    /// Declare the attribute `.preserveValueOnDeletion`: a deleted row's tombstone then tells
    /// the server whose it was, and its deletion reaches only that principal; a changed row
    /// reaches another principal as a deletion only when the attribute changed.
    public func restricting<Model: PersistentModel, Value: Equatable & Sendable>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, to value: @escaping @Sendable (Principal) -> Value
    ) -> Self {
        nonisolated(unsafe) let path = keyPath
        let key = Key(keyPath: keyPath, matches: { principal, preserved in (preserved as? Value).map { $0 == value(principal) } ?? false })
        return with(Rule(allows: { principal, model in (model as? Model).map { $0[keyPath: path] == value(principal) } ?? false }, key: key), for: type)
    }

    /// This scope, where a row in any principal's scope may link to a row of `type` outside it
    /// (tags, categories, a shared catalogue). The link's id is shown to the principal; the
    /// row's values only where its own rule allows.
    public func allowingLinks<Model: PersistentModel>(to type: Model.Type) -> Self {
        var scope = self
        scope.linkable.insert(Schema.entityName(for: type))
        return scope
    }

    private func with<Model: PersistentModel>(_ rule: Rule, for type: Model.Type) -> Self {
        var scope = self
        scope.rules[Schema.entityName(for: type)] = rule
        return scope
    }

    /// Whether `principal` may see and change `model`.
    /// - Throws: the predicate's evaluation error.
    func allows(_ model: any PersistentModel, of entity: String, for principal: Principal) throws -> Bool {
        try rules[entity]?.allows(principal, model) ?? true
    }

    /// Whether a row of `entity` outside a principal's scope may be linked to from inside it.
    func allowsLinks(to entity: String) -> Bool {
        rules[entity] == nil || linkable.contains(entity)
    }

    /// Whether a changed row of `mapping`'s model that `principal` cannot see now may have been
    /// in its scope before the change (`changed`: the properties that changed; `nil`, all).
    func mayHaveLeft(_ mapping: SyncMapping, changed: Set<String>?) -> Bool {
        rules[mapping.entity.name]?.key == nil || keyChanged(mapping, changed: changed)
    }

    /// Whether a changed row of `mapping`'s model changed the attribute of its key rule (`false`
    /// for a predicate rule or none: a row entering the scope by a predicate is asked for whole
    /// by the device that lacks it).
    func keyChanged(_ mapping: SyncMapping, changed: Set<String>?) -> Bool {
        guard let key = rules[mapping.entity.name]?.key else { return false }
        guard let changed, let name = mapping.entity.propertyName(of: key.keyPath) else { return true }
        return changed.contains(name)
    }

    /// Whether a deleted row of `mapping`'s model, by its tombstone's `preserved` values, was in
    /// `principal`'s scope; `true` for a predicate rule, which cannot tell.
    func held(_ mapping: SyncMapping, preserved: [AnyKeyPath: Any], for principal: Principal) -> Bool {
        guard let key = rules[mapping.entity.name]?.key else { return true }
        return key.matches(principal, preserved[key.keyPath])
    }

    /// Refuses a key rule whose attribute is not preserved on deletion.
    /// - Throws: ``ReplicationError/Kind/invalidSetup`` naming the attribute.
    func check(_ models: ReplicatedModels) throws {
        for (entity, rule) in rules {
            guard let key = rule.key, let mapping = models.mappings[entity] else { continue }
            let attribute = mapping.entity.attributes.first { $0.keyPath == key.keyPath }
            guard attribute?.options.contains(.preserveValueOnDeletion) == true else {
                throw ReplicationError(
                    .invalidSetup,
                    "the scope of \(entity) compares \(attribute?.name ?? "an attribute") but it is not preserved on deletion: declare it .preserveValueOnDeletion, so a deletion reaches only the principal it belonged to")
            }
        }
    }
}
