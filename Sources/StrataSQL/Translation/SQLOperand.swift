import StrataCore

/// One translated sub-expression of a predicate: its SQL value, the condition under which
/// Foundation's evaluator would throw instead (a forced unwrap of nil), and what it stands for.
///
/// The translation is two-valued: whenever ``error`` is false, a condition's ``sql`` is never NULL,
/// so negating or combining it keeps Swift's meaning.
struct SQLOperand {
    /// What Swift value the SQL stands for.
    enum Kind {
        /// A persisted value with its column kind, and which SQL operators agree with Swift on it.
        case value(StorageType, ValueSemantics)
        /// A model row of an entity; ``sql`` is its primary key. `alias` names the row when it is
        /// a table of the current query; otherwise its properties are read by scalar subqueries.
        case model(Schema.Entity, alias: String?)
        /// The models of a to-many relationship of a row of `owner`; ``sql`` is the owner's key.
        case toMany(owner: Schema.Entity, Schema.Relationship)
        /// A row's `persistentModelID`; ``sql`` is its primary key.
        case key(Schema.Entity)
        /// A captured `PersistentIdentifier` (or `nil`), resolved against a key when compared.
        case identifier(PersistentIdentifier?)
        /// `nil` written in the predicate.
        case nilLiteral
    }

    var sql: SQLExpression
    /// When evaluating this in Swift throws; `nil` when it never does.
    var error: SQLExpression?
    var kind: Kind
    /// Whether ``sql`` may be NULL while ``error`` is false.
    var isNullable: Bool
    /// Whether ``sql`` is a condition usable in `WHERE` (rather than a stored `Bool`).
    var isCondition = false
    /// The captured Swift value of a `Value` node.
    var constant: Any?
    /// A key whose NULL alone makes ``sql`` NULL (properties read through a to-one link), so
    /// optional chaining over that key needs no `CASE`.
    var nullWhenNull: SQLExpression?

    /// A two-valued condition.
    static func condition(_ sql: SQLExpression, error: SQLExpression?) -> SQLOperand {
        SQLOperand(sql: sql, error: error, kind: .value(.bool, .equatable), isNullable: false, isCondition: true)
    }

    /// The operand as a `WHERE` condition: a condition as is, a stored `Bool` compared with true.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for anything else.
    func asCondition() throws -> SQLOperand {
        if isCondition { return self }
        guard case .value(.bool, _) = kind, !isNullable else { throw DataStoreError.preferInMemoryFilter }
        return .condition(.binary(sql, "=", .bind(.bool(true))), error: error)
    }

    /// The storage of a value operand whose semantics are at least `required`.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for other operands.
    func storage(atLeast required: ValueSemantics) throws -> StorageType {
        guard case .value(let storage, let semantics) = kind, semantics >= required else {
            throw DataStoreError.preferInMemoryFilter
        }
        return storage
    }

    /// Whether this is a captured floating-point NaN, which equals nothing and orders with nothing.
    var isNaNConstant: Bool { constant.map(isNaNValue) ?? false }

    /// Whether this is nil on every row, known before any row is read: `true` for `nil` and a
    /// captured nil, `false` for a captured value, `nil` when only the row can tell.
    var knownNil: Bool? {
        switch kind {
        case .nilLiteral: return true
        case .identifier(let identifier): return identifier == nil
        default: return constant.map { unwrappedOptional($0) == nil }
        }
    }
}

extension SQLExpression {
    /// `conditions` joined by `op` (`AND`, `OR`) into one flat ``chain(_:_:)``, skipping absent
    /// ones and splicing in the terms of chains of the same `op`; `nil` when none is present.
    static func joined(_ conditions: [SQLExpression?], by op: StaticString) -> SQLExpression? {
        var terms: [SQLExpression] = []
        terms.reserveCapacity(conditions.count)
        for case let condition? in conditions {
            if case .chain(op, let inner) = condition { terms += inner } else { terms.append(condition) }
        }
        return terms.count > 1 ? .chain(op, terms) : terms.first
    }

    /// Either error, in evaluation order (no short circuit).
    static func anyError(_ errors: SQLExpression?...) -> SQLExpression? {
        joined(errors, by: "OR")
    }
}
