// The workloads through Strata: ModelContainer over SQLiteStore, ModelContext, FetchDescriptor.
import Foundation
import Strata

/// Collects the SQL text of the statements a store runs (only when asked; never while timing).
final class SQLLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var enabled = false

    func record(_ sql: String) {
        lock.lock()
        defer { lock.unlock() }
        if enabled { lines.append(sql) }
    }

    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = lines
        lines = []
        return taken
    }
}

final class StrataDatabase {
    let container: ModelContainer
    let log: SQLLog

    /// Opens (creating) the SQLite store at `url`, the way an app opens one.
    init(url: URL, traced: Bool = false) throws {
        let log = SQLLog()
        self.log = log
        var configuration = SQLiteConfiguration(url: url)
        if traced {
            configuration.trace = { log.record($0) }
        }
        container = try ModelContainer(for: Task.self, configurations: configuration)
    }

    /// Runs the workloads on a container opened elsewhere (the PostgreSQL mode's); `log`
    /// receives the SQL its store traces, if it traces.
    init(container: ModelContainer, log: SQLLog) {
        self.container = container
        self.log = log
    }

    /// The SQL a block runs, deduplicated in first-seen order.
    func statements(of body: () throws -> Void) rethrows -> [String] {
        _ = log.take()
        log.enabled = true
        defer { log.enabled = false }
        try body()
        var seen = Set<String>()
        return log.take().filter { seen.insert($0).inserted }
    }

    // MARK: workloads

    /// 1. Create, insert and save every input in one save. Returns the context so the caller
    /// releases its models after the clock stops.
    func insert(_ inputs: [TaskInput]) throws -> ModelContext {
        let context = ModelContext(container)
        for input in inputs {
            context.insert(Task(title: input.title, priority: input.priority, score: input.score, due: input.due, done: input.done))
        }
        try context.save()
        return context
    }

    /// 2. Every model in a fresh context, every property read; returns the models (still
    /// registered in `context`) so callers can measure memory while they are alive.
    func fetchAll(in context: ModelContext) throws -> (models: [Task], checksum: Int) {
        let models = try context.fetch(FetchDescriptor<Task>())
        return (models, touch(models))
    }

    static let filterDescriptor: FetchDescriptor<Task> = {
        var descriptor = FetchDescriptor<Task>(predicate: #Predicate { $0.priority != 3 }, sortBy: [SortDescriptor(\.score)])
        descriptor.fetchLimit = 100
        return descriptor
    }()

    /// 3. `priority != 3` (nil included) by score, limit 100; a fresh context per repetition
    /// (a context per request, as a server does).
    func filtered(repetitions: Int) throws -> Int {
        var total = 0
        for _ in 0..<repetitions {
            let context = ModelContext(container)
            total &+= touch(try context.fetch(Self.filterDescriptor))
        }
        return total
    }

    static let countDescriptor = FetchDescriptor<Task>(predicate: #Predicate { $0.done == true })

    /// 4. fetchCount of `done == true`, in one context.
    func count(repetitions: Int) throws -> Int {
        let context = ModelContext(container)
        var count = 0
        for _ in 0..<repetitions {
            count = try context.fetchCount(Self.countDescriptor)
        }
        return count
    }

    /// 5. Untimed part: a context with every model loaded.
    func loadForUpdate() throws -> (ModelContext, [Task]) {
        let context = ModelContext(container)
        return (context, try context.fetch(FetchDescriptor<Task>()))
    }

    /// 5. Timed part: a new score on every model, then one save.
    static func update(_ models: [Task], in context: ModelContext, bump: Double) throws {
        for (index, model) in models.enumerated() {
            model.score = Double((index + 1) % 1000) + bump
        }
        try context.save()
    }

    /// The identifiers of rows by primary key, for the lookups (untimed).
    func identifiers(for keys: [Int64]) throws -> [PersistentIdentifier] {
        let context = ModelContext(container)
        let all = try context.fetchIdentifiers(FetchDescriptor<Task>(sortBy: [SortDescriptor(\.persistentModelID)]))
        let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.primaryKey.integerValue!, $0) })
        return keys.map { byKey[$0]! }
    }

    /// 6. "Get by id" the way the SwiftData API offers it: `context.model(for:)`, cast to the
    /// model type, every property read; a fresh context per batch of `batch` lookups.
    func lookups(_ identifiers: [PersistentIdentifier], batch: Int) throws -> Int {
        var total = 0
        var index = 0
        while index < identifiers.count {
            let context = ModelContext(container)
            for identifier in identifiers[index..<min(index + batch, identifiers.count)] {
                guard let task = context.model(for: identifier) as? Task else { throw RawError(description: "no model for \(identifier)") }
                total &+= touch(task)
            }
            index += batch
        }
        return total
    }

    /// 6b. The other spelling: a fetch with `#Predicate { $0.persistentModelID == id }`.
    func predicateLookups(_ identifiers: [PersistentIdentifier], batch: Int) throws -> Int {
        var total = 0
        var index = 0
        while index < identifiers.count {
            let context = ModelContext(container)
            for identifier in identifiers[index..<min(index + batch, identifiers.count)] {
                var descriptor = FetchDescriptor<Task>(predicate: #Predicate { $0.persistentModelID == identifier })
                descriptor.fetchLimit = 1
                guard let task = try context.fetch(descriptor).first else { throw RawError(description: "no row for \(identifier)") }
                total &+= touch(task)
            }
            index += batch
        }
        return total
    }
}

extension StrataDatabase {
    /// 7. The models whose identifier is one of `identifiers`, in a fresh context, every property read.
    func fetchContained(_ identifiers: [PersistentIdentifier]) throws -> Int {
        let context = ModelContext(container)
        return touch(try context.fetch(FetchDescriptor<Task>(predicate: #Predicate { identifiers.contains($0.persistentModelID) })))
    }
}

/// Reads every property of a model.
@inline(__always)
func touch(_ task: Task) -> Int {
    var sum = task.title.utf8.count &+ (task.priority ?? -1) &+ Int(task.score) &+ Int(task.due.timeIntervalSinceReferenceDate)
    sum &+= task.done ? 1 : 0
    return sum
}

func touch(_ tasks: [Task]) -> Int {
    tasks.reduce(0) { $0 &+ touch($1) }
}
