import StrataCore

/// New models reached through relationships are saved, as SwiftData saves them: a model
/// related to a model of a context joins that context, whichever side the app set, and a
/// to-many holds each model once.
enum ReachabilityCases {
    static let category = "reachability"
    static let all: [ConformanceCase] = [
        toOneSetOnNewModel, toOneSetToRegisteredModel, toManyAppendOnNewModel, relatedInInit, relatedInInitThenInserted,
        appendAfterInverseKeepsOne,
    ]

    /// A container of the SampleTrips shape with journey "lisbon" saved, and a context that
    /// fetched it.
    static func savedJourney(_ environment: ConformanceEnvironment) throws -> (ModelContainer, ModelContext, Journey) {
        let container = try environment.makeContainer(for: Journey.models)
        let seed = ModelContext(container)
        seed.insert(Journey(name: "lisbon"))
        try seed.save()
        let context = ModelContext(container)
        return (container, context, try DeleteRuleCases.one(context, #Predicate<Journey> { _ in true }))
    }

    /// The bucket list of every stored journey, read in a new context: "journey: item, item".
    static func storedBucketLists(_ container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Journey>()).map { journey in
            "\(journey.name): " + journey.bucketList.map(\.title).sorted().joined(separator: ", ")
        }
    }

    /// `let item = BucketItem(); item.journey = inserted; save()` saves the item.
    static let toOneSetOnNewModel = ConformanceCase("\(category).toOneSetOnNewModel", category: category) { environment in
        let container = try environment.makeContainer(for: Journey.models)
        let context = ModelContext(container)
        let journey = Journey(name: "porto")
        context.insert(journey)
        let item = BucketItem(title: "tram")
        item.journey = journey
        try Check.that(item.modelContext === context, "the item joined the journey's context")
        try Check.that(journey.bucketList.count == 1 && journey.bucketList[0] === item, "the inverse lists the item")
        try context.save()
        try Check.equal(try storedBucketLists(container), ["porto: tram"], "stored bucket lists")
        try Check.that(try context.fetch(FetchDescriptor<BucketItem>()).first === item, "a fetch returns the app's object")
    }

    /// A new model related to a fetched (registered, unchanged) model is saved.
    static let toOneSetToRegisteredModel = ConformanceCase("\(category).toOneSetToRegisteredModel", category: category) { environment in
        let (container, context, journey) = try savedJourney(environment)
        let item = BucketItem(title: "fado")
        item.journey = journey
        try Check.that(context.hasChanges, "the context has the insert")
        try context.save()
        try Check.equal(try storedBucketLists(container), ["lisbon: fado"], "stored bucket lists")
    }

    /// `newCourse.students.append(insertedStudent)` saves the course and the link.
    static let toManyAppendOnNewModel = ConformanceCase("\(category).toManyAppendOnNewModel", category: category) { environment in
        let container = try environment.makeContainer(for: [Student.self, Course.self])
        let context = ModelContext(container)
        let ann = Student(name: "ann")
        context.insert(ann)
        let course = Course(title: "math")
        course.students.append(ann)
        try Check.that(ann.courses.count == 1 && ann.courses[0] === course, "the inverse lists the course")
        try context.save()
        let stored = try ModelContext(container).fetch(FetchDescriptor<Course>())
        try Check.equal(stored.map(\.title), ["math"], "stored courses")
        try Check.equal(stored.first?.students.map(\.name) ?? [], ["ann"], "the stored course's students")
    }

    /// A model whose `init` relates it to a model of a context is saved without an insert.
    static let relatedInInit = ConformanceCase("\(category).relatedInInit", category: category) { environment in
        let (container, context, journey) = try savedJourney(environment)
        _ = BucketItem(title: "tiles", journey: journey)
        try Check.equal(journey.bucketList.map(\.title), ["tiles"], "the inverse lists the item")
        try context.save()
        try Check.equal(try storedBucketLists(container), ["lisbon: tiles"], "stored bucket lists")
    }

    /// Inserting such a model afterwards keeps one insert, and fetches return the app's object.
    static let relatedInInitThenInserted = ConformanceCase("\(category).relatedInInitThenInserted", category: category) { environment in
        let (container, context, journey) = try savedJourney(environment)
        let item = BucketItem(title: "tiles", journey: journey)
        context.insert(item)
        try Check.equal(context.insertedModelsArray.count, 1, "inserted models")
        try Check.that(context.insertedModelsArray.first === item, "the inserted model is the app's object")
        try context.save()
        try Check.that(try context.fetch(FetchDescriptor<BucketItem>()).first === item, "a fetch returns the app's object")
        try Check.that(journey.bucketList.first === item, "the journey lists the app's object")
        try Check.equal(try storedBucketLists(container), ["lisbon: tiles"], "stored bucket lists")
    }

    /// `item.journey = j; j.bucketList.append(item)` (SampleTrips does both) lists the item once.
    static let appendAfterInverseKeepsOne = ConformanceCase("\(category).appendAfterInverseKeepsOne", category: category) { environment in
        let (container, context, journey) = try savedJourney(environment)
        let item = BucketItem(title: "tram")
        context.insert(item)
        item.journey = journey
        journey.bucketList.append(item)
        try Check.equal(journey.bucketList.map(\.title), ["tram"], "the bucket list before saving")
        try context.save()
        try Check.equal(journey.bucketList.map(\.title), ["tram"], "the bucket list after saving")
        try Check.equal(try storedBucketLists(container), ["lisbon: tram"], "stored bucket lists")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<BucketItem>()), 1, "stored items")
    }
}
