/// How a model's property names become the keys of a JSON payload.
public enum SyncKeyStyle: Hashable, Sendable {
    /// `createdAt` ↔ `created_at`, `remoteURL` ↔ `remote_url`.
    case snakeCase
    /// Keys are the property names as they are.
    case camelCase

    /// The remote key for `name`.
    public func remoteKey(for name: String) -> String {
        switch self {
        case .camelCase: return name
        case .snakeCase: return Self.snakeCased(name)
        }
    }

    /// The key that carries the remote id (or ids) of a relationship whose nested key is `key`.
    public func foreignKey(for key: String, toMany: Bool) -> String {
        let base = toMany ? Self.singular(key) : key
        switch self {
        case .camelCase: return base + (toMany ? "IDs" : "ID")
        case .snakeCase: return base + (toMany ? "_ids" : "_id")
        }
    }

    /// The to-many foreign key spelled with `key` as it is, plural (`tags` → `tags_ids`,
    /// `tagsIDs`), which import reads beside ``foreignKey(for:toMany:)``'s singular spelling.
    public func pluralForeignKey(for key: String) -> String {
        switch self {
        case .camelCase: return key + "IDs"
        case .snakeCase: return key + "_ids"
        }
    }

    /// `remoteURLString` → `remote_url_string`: a lowercase letter or digit followed by an
    /// uppercase one starts a word, and so does the last capital of a run followed by a lowercase.
    static func snakeCased(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result.append("_")
                }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }

    /// `tags` → `tag`, `categories` → `category`; a key that is not plural stays as it is.
    static func singular(_ key: String) -> String {
        if key.hasSuffix("ies") { return String(key.dropLast(3)) + "y" }
        if key.hasSuffix("s"), !key.hasSuffix("ss") { return String(key.dropLast()) }
        return key
    }
}
