/// Which load the running task belongs to: bound around each load's begin, so the task the
/// framework makes inherits it and a sleep on the clock can name its load.
enum RetryRaceLoad {
    @TaskLocal static var number: Int?
}
