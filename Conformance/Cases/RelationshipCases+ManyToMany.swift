import StrataCore

/// Writing many-to-many and one-way to-many relationships from either side, removing, replacing
/// and deleting (`.nullify`), checked in a new context.
extension RelationshipCases {
    static let manyToMany: [ConformanceCase] = [
        edit("insertFromStudentSide", seed: { context in
            let ann = Student(name: "ann"), math = Course(title: "math"), art = Course(title: "art")
            context.insert(ann)
            ann.courses = [math, art]
        }, edit: nil, students: ["ann": ["math", "art"]], courses: ["math": ["ann"], "art": ["ann"]]),
        edit("insertFromCourseSide", seed: { context in
            let math = Course(title: "math"), ann = Student(name: "ann"), bob = Student(name: "bob")
            context.insert(math)
            math.students = [ann, bob]
        }, edit: nil, students: ["ann": ["math"], "bob": ["math"]], courses: ["math": ["ann", "bob"]]),
        edit("removeFromStudentSide", edit: { context in
            let ann = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" })
            ann.courses.removeAll { $0.title == "art" }
        }, students: ["ann": ["math"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["dee"], "chem": ["bob"], "void": []]),
        edit("removeFromCourseSide", edit: { context in
            let art = try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "art" })
            art.students.removeAll { $0.name == "ann" }
        }, students: ["ann": ["math"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["dee"], "chem": ["bob"], "void": []]),
        edit("addAfterSave", edit: { context in
            let cid = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "cid" })
            cid.courses.append(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "chem" }))
            cid.courses.append(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "void" }))
        }, students: ["ann": ["math", "art"], "bob": ["chem"], "cid": ["chem", "void"], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["ann", "dee"], "chem": ["bob", "cid"], "void": ["cid"]]),
        edit("replaceWholeArray", edit: { context in
            let ann = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" })
            ann.courses = [try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "chem" })]
        }, students: ["ann": ["chem"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": [], "art": ["dee"], "chem": ["ann", "bob"], "void": []]),
        edit("deleteStudentNullifies", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" }))
        }, students: ["bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": [], "art": ["dee"], "chem": ["bob"], "void": []]),
        edit("deleteCourseNullifies", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "art" }))
        }, students: ["ann": ["math"], "bob": ["chem"], "cid": [], "dee": []],
           courses: ["math": ["ann"], "chem": ["bob"], "void": []]),
        edit("deleteBothSidesInOneSave", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" }))
            context.delete(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "art" }))
        }, students: ["bob": ["chem"], "cid": [], "dee": []], courses: ["math": [], "chem": ["bob"], "void": []]),
        edit("moveStudentBetweenCourses", edit: { context in
            let bob = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "bob" })
            let math = try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "math" })
            math.students.append(bob)
            bob.courses.removeAll { $0.title == "chem" }
        }, students: ["ann": ["math", "art"], "bob": ["math"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann", "bob"], "art": ["ann", "dee"], "chem": [], "void": []]),
    ]

    /// Saves `seed`, applies `edit` in a new context and saves, then checks both sides in
    /// another new context: every student's courses and every course's students, as sets.
    static func edit(
        _ detail: String, seed: @escaping @Sendable (ModelContext) -> Void = school, edit: (@Sendable (ModelContext) throws -> Void)?,
        students: [String: [String]], courses: [String: [String]]
    ) -> ConformanceCase {
        ConformanceCase("\(category).manyToMany.edit.\(detail)", category: category) { environment in
            let reader = try Fixtures.seedThenEdit(environment.makeContainer(), seed: seed, edit: edit)
            let storedStudents = try reader.fetch(FetchDescriptor<Student>())
            try Check.sameElements(storedStudents.map(\.name), Array(students.keys), "students in a new context")
            for student in storedStudents {
                try Check.sameElements(student.courses.map(\.title), students[student.name] ?? [], "\(student.name).courses")
            }
            let storedCourses = try reader.fetch(FetchDescriptor<Course>())
            try Check.sameElements(storedCourses.map(\.title), Array(courses.keys), "courses in a new context")
            for course in storedCourses {
                try Check.sameElements(course.students.map(\.name), courses[course.title] ?? [], "\(course.title).students")
            }
        }
    }

    static let oneWay: [ConformanceCase] = [
        playlistEdit("insert", edit: nil, playlists: ["mix": ["a", "b"], "solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
        playlistEdit("removeKeepsSong", edit: { context in
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }).songs.removeAll { $0.title == "a" }
        }, playlists: ["mix": ["b"], "solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
        playlistEdit("deleteSongLeavesPlaylist", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "b" }))
        }, playlists: ["mix": ["a"], "solo": ["c"], "none": []], songs: ["a", "c", "d"]),
        playlistEdit("deletePlaylistKeepsSongs", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }))
        }, playlists: ["solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
        playlistEdit("songInTwoPlaylists", edit: { context in
            let c = try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "c" })
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }).songs.append(c)
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "none" }).songs.append(c)
        }, playlists: ["mix": ["a", "b", "c"], "solo": ["c"], "none": ["c"]], songs: ["a", "b", "c", "d"]),
        playlistEdit("deleteSharedSong", edit: { context in
            let a = try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "a" })
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "solo" }).songs.append(a)
            context.delete(a)
        }, playlists: ["mix": ["b"], "solo": ["c"], "none": []], songs: ["b", "c", "d"]),
        playlistEdit("replaceSongs", edit: { context in
            let d = try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "d" })
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }).songs = [d]
        }, playlists: ["mix": ["d"], "solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
    ]

    static func playlistEdit(
        _ detail: String, edit: (@Sendable (ModelContext) throws -> Void)?, playlists: [String: [String]], songs: [String]
    ) -> ConformanceCase {
        ConformanceCase("\(category).oneWay.edit.\(detail)", category: category) { environment in
            let reader = try Fixtures.seedThenEdit(environment.makeContainer(), seed: music, edit: edit)
            let stored = try reader.fetch(FetchDescriptor<Playlist>())
            try Check.sameElements(stored.map(\.name), Array(playlists.keys), "playlists in a new context")
            for playlist in stored {
                try Check.sameElements(playlist.songs.map(\.title), playlists[playlist.name] ?? [], "\(playlist.name).songs")
            }
            try Check.sameElements(try reader.fetch(FetchDescriptor<Song>()).map(\.title), songs, "songs in a new context")
        }
    }
}
