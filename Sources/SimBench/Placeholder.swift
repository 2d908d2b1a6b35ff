import Subjects
