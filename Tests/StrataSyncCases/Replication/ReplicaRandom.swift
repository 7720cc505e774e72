import Foundation
import StrataConformance
import StrataCore
import Synchronization

/// Random edits of one replica's store, as an app makes them: inserts, updates, links, unlinks
/// and deletes of projects, tasks and labels, each batch in one save under the app's author.
public struct ReplicaEditor {
    /// Dates on whole seconds, growing with each edit, so `newerWins` rarely ties and dates
    /// survive the wire's milliseconds exactly.
    private static let clock = Atomic(1_700_000_000)

    private static func now() -> Date {
        Date(timeIntervalSince1970: TimeInterval(clock.wrappingAdd(1, ordering: .relaxed).newValue))
    }

    /// Makes `count` random edits in `container` and saves them.
    /// - Throws: the save's error.
    public static func edit(_ container: ModelContainer, count: Int, tag: String, using random: inout SplitMix64) throws {
        let context = ModelContext(container)
        context.author = "app"
        var projects = try context.fetch(FetchDescriptor<ReplicaProject>())
        var tasks = try context.fetch(FetchDescriptor<ReplicaTask>())
        var labels = try context.fetch(FetchDescriptor<ReplicaLabel>())
        for step in 0..<count {
            let uid = "\(tag)-\(random.next() % 1_000_000)-\(step)"
            switch random.next() % 12 {
            case 0, 1:
                let project = ReplicaProject(uid: uid, name: "p\(random.next() % 100)", updatedAt: now())
                context.insert(project)
                projects.append(project)
            case 2, 3:
                let task = ReplicaTask(uid: uid, title: "t\(random.next() % 100)", rank: Int(random.next() % 10), updatedAt: now(), project: projects.randomElement(using: &random))
                context.insert(task)
                tasks.append(task)
            case 4:
                let label = ReplicaLabel(uid: uid, text: "l\(random.next() % 100)", updatedAt: now())
                context.insert(label)
                labels.append(label)
            case 5, 6:
                guard let task = tasks.randomElement(using: &random) else { continue }
                task.title = "t\(random.next() % 100)"
                task.done.toggle()
                task.updatedAt = now()
            case 7:
                guard let task = tasks.randomElement(using: &random) else { continue }
                task.project = random.next() % 3 == 0 ? nil : projects.randomElement(using: &random)
                task.updatedAt = now()
            case 8:
                guard let project = projects.randomElement(using: &random) else { continue }
                project.name = "p\(random.next() % 100)"
                project.updatedAt = now()
            case 9:
                guard let project = projects.randomElement(using: &random), let label = labels.randomElement(using: &random) else { continue }
                if project.labels.contains(where: { $0 === label }) { project.labels.removeAll { $0 === label } } else { project.labels.append(label) }
                project.updatedAt = now()
            case 10:
                guard let index = tasks.indices.randomElement(using: &random) else { continue }
                context.delete(tasks.remove(at: index))
            default:
                guard random.next() % 2 == 0, let index = projects.indices.randomElement(using: &random) else { continue }
                context.delete(projects.remove(at: index))
            }
        }
        try context.save()
    }
}
