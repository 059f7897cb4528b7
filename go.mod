module github.com/repoxhq/repox

go 1.26.8
