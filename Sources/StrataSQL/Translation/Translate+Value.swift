import StrataCore

/// A captured constant: bound with the codec of its static type, strings in NFC (the form SQL
/// stores write, so canonically equal strings compare equal); a `PersistentIdentifier` is kept
/// until it meets a key, whose store and entity it must match. A captured nil is the keyword
/// `NULL`, not a bind: PostgreSQL cannot type a NULL parameter that no column gives a type
/// (`CASE WHEN $1 IS NULL …` fails with SQLSTATE 42P18), while a `NULL` literal needs none.
extension PredicateExpressions.Value: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        if unwrappedOptionalType(Output.self) == PersistentIdentifier.self {
            let identifier = unwrappedOptional(value) as? PersistentIdentifier
            return SQLOperand(sql: .keyword("NULL"), error: nil, kind: .identifier(identifier), isNullable: identifier == nil, constant: value)
        }
        guard let codec = ValueCodec.forType(Output.self) else { throw DataStoreError.preferInMemoryFilter }
        let semantics = ValueSemantics(of: Output.self)
        // SQL compares no opaque value (a captured list, a `Codable` struct); nodes read it through
        // `constant`, and `== nil` only asks whether it is present. So it is not encoded:
        // JSON-encoding 100,000 captured identifiers took longer than the query.
        guard semantics > .opaque, let encoded = try? codec.encode(value) else {
            let isNil = unwrappedOptional(value) == nil
            return SQLOperand(
                sql: .keyword(isNil ? "NULL" : "1"), error: nil, kind: .value(codec.storageType, .opaque), isNullable: isNil, constant: value)
        }
        return SQLOperand(
            sql: encoded.isNull ? .keyword("NULL") : .bind(encoded.canonical), error: nil, kind: .value(codec.storageType, semantics),
            isNullable: encoded.isNull, constant: value)
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        SQLOperand(sql: .keyword("NULL"), error: nil, kind: .nilLiteral, isNullable: true)
    }
}
