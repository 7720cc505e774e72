import Foundation
import Strata
import Testing

/// An optional property with a non-`nil` default, written `nil` by the initializer.
@Model final class Setting {
    var label: String
    var level: Int? = 5
    var note: String?
    var tags: [String] = []

    init(label: String, level: Int?) {
        self.label = label
        self.level = level
    }
}

/// Backing data that keeps values in a dictionary, as a third-party implementation might: it
/// offers no fast path, so `@Model` accessors must go through `getValue`/`setValue`.
final class DictionaryBackingData<Model: PersistentModel>: BackingData {
    var persistentModelID: PersistentIdentifier?
    var metadata: Any { () }
    var propertyNames: [String] { [] }
    var storage: [AnyKeyPath: Any] = [:]
    var reads = 0

    func getValue<Value>(forKey keyPath: KeyPath<Model, Value>) -> Value {
        reads += 1
        return storage[keyPath] as! Value
    }

    func setValue<Value>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value) {
        storage[keyPath] = newValue
    }

    func persistentValue(forProperty name: String) -> PersistentValue? { nil }
}

@Suite struct ModelAccessTests {
    @Test func anExplicitNilOverridesANonNilDefault() throws {
        let context = ModelContext(try makeContainer(Setting.self))
        let setting = Setting(label: "a", level: nil)
        #expect(setting.level == nil)
        #expect(Setting(label: "b", level: 7).level == 7)
        #expect(setting.note == nil)
        context.insert(setting)
        try context.save()
        let fetched = try ModelContext(context.container).fetch(FetchDescriptor<Setting>())
        #expect(fetched.map(\.level) == [nil])
        #expect(fetched.map(\.tags) == [[]])
    }

    @Test func codedValuesRoundTripAndRollBack() throws {
        let context = ModelContext(try makeContainer(Setting.self))
        let setting = Setting(label: "a", level: 1)
        setting.tags = ["x"]
        context.insert(setting)
        try context.save()
        setting.tags.append("y")
        setting.label = "b"
        #expect(setting.tags == ["x", "y"])
        context.rollback()
        #expect(setting.tags == ["x"])
        #expect(setting.label == "a")
        setting.tags = ["z"]
        try context.save()
        let fetched = try ModelContext(context.container).fetch(FetchDescriptor<Setting>())
        #expect(fetched.map(\.tags) == [["z"]])
    }

    @Test func aChangeMadeWhileTheSaveStartsIsSaved() throws {
        let context = ModelContext(try makeContainer(Setting.self))
        let setting = Setting(label: "a", level: 1)
        context.insert(setting)
        // The observer runs synchronously on this thread, inside save().
        nonisolated(unsafe) let changed = setting
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.willSave, object: context, queue: nil) { _ in
            changed.label = "changed in willSave"
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try context.save()
        let fetched = try ModelContext(context.container).fetch(FetchDescriptor<Setting>())
        #expect(fetched.map(\.label) == ["changed in willSave"])
    }

    @Test func aModelInsertedWhileTheSaveStartsIsSaved() throws {
        let context = ModelContext(try makeContainer(Setting.self))
        context.insert(Setting(label: "first", level: 1))
        nonisolated(unsafe) let observed = context
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.willSave, object: context, queue: nil) { _ in
            if observed.insertedModelsArray.count == 1 { observed.insert(Setting(label: "from willSave", level: 2)) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try context.save()
        #expect(!context.hasChanges)
        let fetched = try ModelContext(context.container).fetch(FetchDescriptor<Setting>(sortBy: [SortDescriptor(\.label)]))
        #expect(fetched.map(\.label) == ["first", "from willSave"])
    }

    @Test func accessorsUseABackingDataWithoutTheFastPath() {
        let setting = Setting(label: "a", level: 1)
        let custom = DictionaryBackingData<Setting>()
        custom.storage = [\Setting.label: "from custom", \Setting.level: Int?.some(3) as Any]
        setting.persistentBackingData = custom
        #expect(setting.label == "from custom")
        #expect(setting.level == 3)
        setting.label = "written"
        #expect(custom.storage[\Setting.label] as? String == "written")
        #expect(custom.reads == 2)
    }
}

@Suite struct PersistentIdentifierTests {
    @Test func identifiersMadeApartAreEqualAndHashAlike() throws {
        let direct = PersistentIdentifier(storeIdentifier: "store", entityName: "Trip", primaryKey: .integer(7))
        let minted = try PersistentIdentifier.identifier(for: "store", entityName: "Trip", primaryKey: 7)
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(direct))
        #expect(direct == minted && minted == decoded)
        #expect(Set([direct, minted, decoded]).count == 1)
        #expect(direct != PersistentIdentifier(storeIdentifier: "other", entityName: "Trip", primaryKey: .integer(7)))
        #expect(direct != PersistentIdentifier(storeIdentifier: "store", entityName: "Stop", primaryKey: .integer(7)))
        #expect(direct != PersistentIdentifier(storeIdentifier: nil, entityName: "Trip", primaryKey: .integer(7)))
    }

    @Test func stringAndUUIDKeysWorkAsDictionaryKeys() throws {
        let uuid = UUID()
        var names: [PersistentIdentifier: String] = [:]
        names[PersistentIdentifier(storeIdentifier: "s", entityName: "T", primaryKey: .string("k"))] = "string"
        names[PersistentIdentifier(storeIdentifier: "s", entityName: "T", primaryKey: .uuid(uuid))] = "uuid"
        names[PersistentIdentifier(storeIdentifier: "s", entityName: "T", primaryKey: .integer(1))] = "integer"
        #expect(names[PersistentIdentifier(storeIdentifier: "s", entityName: "T", primaryKey: .string("k"))] == "string")
        #expect(names[PersistentIdentifier(storeIdentifier: "s", entityName: "T", primaryKey: .uuid(uuid))] == "uuid")
        #expect(names[PersistentIdentifier(storeIdentifier: "s", entityName: "T", primaryKey: .integer(1))] == "integer")
        #expect(names.count == 3)
    }

    @Test func encodingKeepsItsKeys() throws {
        let identifier = PersistentIdentifier(storeIdentifier: "store", entityName: "Trip", primaryKey: .integer(7))
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(identifier)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["storeIdentifier", "entityName", "primaryKey"])
        let temporary = try JSONSerialization.jsonObject(with: JSONEncoder().encode(PersistentIdentifier.temporary(entityName: "Trip"))) as? [String: Any]
        #expect(temporary?["storeIdentifier"] == nil)
    }
}
