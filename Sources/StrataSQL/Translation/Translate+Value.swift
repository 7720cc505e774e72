import StrataCore

/// A captured constant: bound with the codec of its static type, strings in NFC (the form SQL
/// stores write, so canonically equal strings compare equal); a `PersistentIdentifier` is kept
/// until it meets a key, whose store and entity it must match.
extension PredicateExpressions.Value: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        if unwrappedOptionalType(Output.self) == PersistentIdentifier.self {
            let identifier = unwrappedOptional(value) as? PersistentIdentifier
            return SQLOperand(sql: .bind(.null), error: nil, kind: .identifier(identifier), isNullable: identifier == nil, constant: value)
        }
        guard let codec = ValueCodec.forType(Output.self) else { throw DataStoreError.preferInMemoryFilter }
        guard let encoded = try? codec.encode(value) else {
            // No persisted form (a list holding NaN, say): usable only by nodes reading `constant`.
            return SQLOperand(sql: .keyword("NULL"), error: nil, kind: .value(codec.storageType, .opaque), isNullable: true, constant: value)
        }
        return SQLOperand(
            sql: .bind(encoded.canonical), error: nil, kind: .value(codec.storageType, ValueSemantics(of: Output.self)),
            isNullable: encoded.isNull, constant: value)
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        SQLOperand(sql: .keyword("NULL"), error: nil, kind: .nilLiteral, isNullable: true)
    }
}
