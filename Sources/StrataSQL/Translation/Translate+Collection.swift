import StrataCore

/// `captured.contains($0.x)`: as `IN (?, ?, …)` up to the dialect's
/// ``SQLDialect/inlineListLength``, longer lists as one bound value
/// (``SQLDialect/membership(of:inBoundList:storage:)``) where the dialect has that form, else as
/// `IN` lists in groups that fit the bind limit. A nil element matches NULL; NaN elements match
/// nothing; an empty list matches no row.
extension PredicateExpressions.SequenceContains: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        // A captured list is read as it is: translating it would first encode the whole list as
        // one value (JSON), which costs more than the query for a list of identifiers.
        let captured = sequence as? any CapturedValue
        let list = captured == nil ? try sequence.translate(in: context) : nil
        let element = try self.element.translate(in: context)
        guard let values = (captured?.capturedValue ?? list?.constant) as? any Sequence else { throw DataStoreError.preferInMemoryFilter }
        let (binds, hasNil) = try context.inListBinds(of: values, matching: element)
        var found = try context.membership(of: element, in: binds)
        if element.isNullable {
            // A NULL element must give false (or true with a nil in the list), never NULL.
            found = hasNil ? .joined([.postfix(element.sql, "IS NULL"), found], by: "OR")
                : found.map { .binary(.postfix(element.sql, "IS NOT NULL"), "AND", $0) }
        }
        return .condition(found ?? .false, error: .anyError(list?.error, element.error))
    }
}

/// A value a predicate captured, readable without translating it.
private protocol CapturedValue {
    var capturedValue: Any { get }
}

extension PredicateExpressions.Value: CapturedValue {
    var capturedValue: Any { value }
}

extension TranslationContext {
    /// Whether `element` is one of `values` (non-NULL binds of its kind); `nil` for no values.
    func membership(of element: SQLOperand, in values: [PersistentValue]) throws -> SQLExpression? {
        if values.count > dialect.inlineListLength {
            let storage: StorageType = if case .key = element.kind { .integer } else { try element.storage(atLeast: .equatable) }
            if let bound = dialect.membership(of: element.sql, inBoundList: values, storage: storage) { return bound }
        }
        let groupSize = max(1, dialect.maximumBindCount / 2)
        let groups = stride(from: 0, to: values.count, by: groupSize).map { start in
            SQLExpression.binary(element.sql, "IN", .list(values[start..<min(start + groupSize, values.count)].map { .bind($0) }))
        }
        return .joined(groups, by: "OR")
    }

    /// The binds of a captured sequence's elements, compared with `element`, and whether one is nil.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when the elements cannot be compared in SQL.
    func inListBinds(of values: some Sequence, matching element: SQLOperand) throws -> (binds: [PersistentValue], hasNil: Bool) {
        let elements = values.map { $0 as Any }
        let hasNil = elements.contains { unwrappedOptional($0) == nil }
        if case .key(let entity) = element.kind {
            let identifiers = elements.compactMap { unwrappedOptional($0) as? PersistentIdentifier }
            return (identifiers.compactMap { primaryKey(of: $0, in: entity) }, hasNil)
        }
        _ = try element.storage(atLeast: .equatable)
        guard let codec = ValueCodec.forType(elementType(of: values)), ValueSemantics(of: codec.valueType) >= .equatable else {
            throw DataStoreError.preferInMemoryFilter
        }
        var binds: [PersistentValue] = []
        for value in elements where !isNaNValue(value) {
            guard let encoded = try? codec.encode(value) else { throw DataStoreError.preferInMemoryFilter }
            if !encoded.isNull { binds.append(encoded.canonical) }
        }
        return (binds, hasNil)
    }

    private func elementType<Values: Sequence>(of _: Values) -> Any.Type { Values.Element.self }
}
