import Foundation
import StrataConformance
import StrataCore
import Synchronization

/// Random edits of one replica's scoped notes, items and tags, as an app makes them, in one
/// save: by a principal on its device (its own rows; giving one away is refused by the server)
/// or by an admin on the server (anyone's rows, and rows given from one principal to another).
///
/// Two limits of the core's history keep out some edits (docs/replication.md, "Not covered").
/// A row a delete rule cascades to has no tombstone in the history (issue 40, item 9), so a
/// replica that holds it elsewhere than under the deleted row never learns it is gone: items
/// are made under a note or none and may be unlinked, never moved into another note; the admin
/// does not delete a note with another principal's items under it (hidden from that principal,
/// so its devices hold them unlinked); and only an item under no note is given to the other
/// principal (under a note, a cascade could remove it after the principal that held it last
/// pulled, and that principal, which sees the change of owner only as a row now gone, is never
/// told). And a row given to another principal is not
/// deleted in the same save: its history then holds only the tombstone, whose owner is the new
/// one, so the principal that held it is not told.
public enum ScopedEditor {
    /// Dates on whole seconds, growing with each edit.
    private static let clock = Atomic(1_800_000_000)

    private static func now() -> Date {
        Date(timeIntervalSince1970: TimeInterval(clock.wrappingAdd(1, ordering: .relaxed).newValue))
    }

    /// Makes `count` random edits in `container` as `principal` (`nil`: an admin, acting for
    /// any of `principals`) and saves them.
    /// - Throws: the save's error.
    public static func edit(
        _ container: ModelContainer, as principal: String?, principals: [String], count: Int, tag: String, using random: inout SplitMix64
    ) throws {
        let context = ModelContext(container)
        context.author = principal == nil ? "admin" : "app"
        var notes = try context.fetch(FetchDescriptor<ScopedNote>())
        var items = try context.fetch(FetchDescriptor<ScopedItem>())
        let tags = try context.fetch(FetchDescriptor<ScopedTag>())
        func owner() -> String { principal ?? principals[Int(random.next() % UInt64(principals.count))] }
        var given: Set<PersistentIdentifier> = []
        for step in 0..<count {
            let uid = "\(tag)-\(random.next() % 1_000_000)-\(step)"
            switch random.next() % 12 {
            case 0, 1:
                let note = ScopedNote(uid: uid, owner: owner(), text: "n\(random.next() % 100)", updatedAt: now())
                context.insert(note)
                notes.append(note)
            case 2, 3:
                let item = ScopedItem(uid: uid, owner: owner(), title: "i\(random.next() % 100)", updatedAt: now(), note: notes.randomElement(using: &random))
                context.insert(item)
                items.append(item)
            case 4:
                context.insert(ScopedTag(uid: uid, owner: owner(), name: "t\(random.next() % 100)", updatedAt: now()))
            case 5:
                guard let note = notes.randomElement(using: &random) else { continue }
                note.text = "n\(random.next() % 100)"
                note.updatedAt = now()
            case 6:
                guard let item = items.randomElement(using: &random) else { continue }
                item.title = "i\(random.next() % 100)"
                item.note = random.next() % 3 == 0 ? nil : item.note
                item.updatedAt = now()
            case 7:
                guard let note = notes.randomElement(using: &random), let tag = tags.randomElement(using: &random) else { continue }
                if note.tags.contains(where: { $0 === tag }) { note.tags.removeAll { $0 === tag } } else { note.tags.append(tag) }
                note.updatedAt = now()
            case 8:
                guard let index = items.indices.randomElement(using: &random), !given.contains(items[index].persistentModelID) else { continue }
                context.delete(items.remove(at: index))
            case 9:
                guard random.next() % 2 == 0, let index = notes.indices.randomElement(using: &random), !given.contains(notes[index].persistentModelID),
                    notes[index].items.allSatisfy({ $0.owner == notes[index].owner })
                else { continue }
                let note = notes.remove(at: index)
                items.removeAll { $0.note === note }
                context.delete(note)
            case 10:
                guard let note = notes.randomElement(using: &random) else { continue }
                note.owner = principals.filter { $0 != note.owner }.randomElement(using: &random) ?? note.owner
                note.updatedAt = now()
                given.insert(note.persistentModelID)
            default:
                guard let item = items.filter({ $0.note == nil }).randomElement(using: &random) else { continue }
                item.owner = principals.filter { $0 != item.owner }.randomElement(using: &random) ?? item.owner
                item.updatedAt = now()
                given.insert(item.persistentModelID)
            }
        }
        try context.save()
    }
}
