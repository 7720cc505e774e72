import StrataSync
import Testing

/// How property names become remote keys.
@Suite struct SyncKeyStyleTests {
    @Test(arguments: [
        ("fullName", "full_name"), ("remoteURL", "remote_url"), ("remoteURLString", "remote_url_string"), ("isAdmin", "is_admin"),
        ("name", "name"), ("line2Address", "line2_address"), ("ID", "id"),
    ])
    func snakeCase(_ name: String, _ key: String) {
        #expect(SyncKeyStyle.snakeCase.remoteKey(for: name) == key)
        #expect(SyncKeyStyle.camelCase.remoteKey(for: name) == name)
    }

    @Test(arguments: [
        ("owner", false, "owner_id", "ownerID"), ("tags", true, "tag_ids", "tagIDs"), ("categories", true, "category_ids", "categoryIDs"),
        ("address", true, "address_ids", "addressIDs"),
    ])
    func foreignKey(_ key: String, _ toMany: Bool, _ snake: String, _ camel: String) {
        #expect(SyncKeyStyle.snakeCase.foreignKey(for: key, toMany: toMany) == snake)
        #expect(SyncKeyStyle.camelCase.foreignKey(for: key, toMany: toMany) == camel)
    }

    @Test(arguments: [("tags", "tags_ids", "tagsIDs"), ("categories", "categories_ids", "categoriesIDs"), ("address", "address_ids", "addressIDs")])
    func pluralForeignKey(_ key: String, _ snake: String, _ camel: String) {
        #expect(SyncKeyStyle.snakeCase.pluralForeignKey(for: key) == snake)
        #expect(SyncKeyStyle.camelCase.pluralForeignKey(for: key) == camel)
    }
}
