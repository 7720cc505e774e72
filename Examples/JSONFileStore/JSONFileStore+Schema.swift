import StrataCore

extension JSONFileStore {
    /// Refuses a file whose rows this schema cannot read as they are: a stored property the
    /// schema lacks (saving would drop it), a value of another kind than the attribute's, or no
    /// value (or nil) for an attribute that is neither optional nor defaulted. Additive changes
    /// need nothing: a row without a new optional or defaulted attribute, or a new
    /// relationship, reads nil or the default. Called once, when the store opens.
    /// - Throws: ``SwiftDataError/schemaMismatch`` listing every difference; the file is not changed.
    func checkRows(of document: JSONStoreDocument) throws {
        var differences: Set<String> = []
        for row in document.rows {
            guard let entity = schema.entitiesByName[row.persistentIdentifier.entityName] else { continue }     // state(of:) reports it
            for name in row.layout.propertyNames where entity.snapshotLayout.index(of: name) == nil {
                differences.insert("\(entity.name).\(name) is in the file but not in the schema")
            }
            for attribute in entity.storedAttributes {
                switch row.value(forProperty: attribute.name) {
                case nil where !attribute.isOptional && attribute.defaultValue == nil:
                    differences.insert("\(entity.name).\(attribute.name) is missing, and it is neither optional nor defaulted")
                case .null? where !attribute.isOptional:
                    differences.insert("\(entity.name).\(attribute.name) holds nil, the schema needs a value")
                case let value? where !value.isNull && Self.storageType(of: value) != attribute.storageType.persisted:
                    differences.insert("\(entity.name).\(attribute.name) holds \(value.kindName) values, the schema needs \(attribute.storageType)")
                default:
                    continue
                }
            }
        }
        guard differences.isEmpty else {
            throw SwiftDataError.schemaMismatch.with(
                "\(file.url.path) holds rows the schema cannot read:\n- " + differences.sorted().joined(separator: "\n- "))
        }
    }

    /// The storage type a stored value has; `nil` for relationship values.
    private static func storageType(of value: PersistentValue) -> StorageType? {
        switch value {
        case .bool: .bool
        case .integer: .integer
        case .double: .double
        case .string: .string
        case .data: .data
        case .date: .date
        case .uuid: .uuid
        case .decimal: .decimal
        case .null, .identifier, .identifiers: nil
        }
    }
}

private extension StorageType {
    /// The storage type of the values an attribute of this type is saved as (`Codable` values are JSON data).
    var persisted: StorageType { self == .codable ? .data : self }
}

private extension PersistentValue {
    /// The case's name, for messages.
    var kindName: String { String(describing: self).prefix { $0 != "(" }.description }
}
