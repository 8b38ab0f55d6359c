/**
 * The default list of personal names removed before classification (rules §5 "Personal-data
 * scrubbing": "every listed first name or surname, removed as a whole word"): a few hundred
 * frequent US given names and surnames (public-domain government data), plus common Spanish and
 * Vietnamese names. It is data, deliberately small (it ships in the task pane and extension
 * bundles); `createPersonalDataScrubber({ names })` replaces it. Names that are everyday words in a
 * county clerk's mail (Ward, Grant, Will, Bill, May, Virginia, Brown, Hall, Young, Baker...) are
 * left out on purpose. Sources and the full list left out: docs/decisions/personal-data-scrubbing.md.
 */

export const COMMON_FIRST_NAMES: readonly string[] = [
  'Aaron', 'Abigail', 'Adam', 'Ahmed', 'Aiden', 'Alan', 'Albert', 'Alejandro', 'Alexander', 'Alexis',
  'Alice', 'Alicia', 'Amanda', 'Amy', 'Ana', 'Andrea', 'Andrew', 'Angela', 'Ann', 'Anna', 'Anthony',
  'Antonio', 'Arthur', 'Ashley', 'Ava', 'Barbara', 'Benjamin', 'Betty', 'Beverly', 'Billy', 'Bobby',
  'Brandon', 'Brenda', 'Brian', 'Brittany', 'Bruce', 'Bryan', 'Camila', 'Carlos', 'Carmen', 'Carolyn',
  'Catherine', 'Charles', 'Cheryl', 'Christina', 'Christine', 'Christopher', 'Cynthia', 'Daniel',
  'Danielle', 'David', 'Deborah', 'Debra', 'Denise', 'Dennis', 'Diana', 'Diane', 'Diego', 'Donald',
  'Donna', 'Doris', 'Dorothy', 'Douglas', 'Dylan', 'Edward', 'Elijah', 'Elizabeth', 'Emily', 'Emma',
  'Eric', 'Ethan', 'Eugene', 'Evelyn', 'Francisco', 'Gabriel', 'Gary', 'George', 'Gerald', 'Gloria',
  'Gregory', 'Guadalupe', 'Hannah', 'Harold', 'Heather', 'Helen', 'Isabella', 'Jacob', 'Jacqueline',
  'Janet', 'Janice', 'Jason', 'Javier', 'Jean', 'Jeffrey', 'Jennifer', 'Jeremy', 'Jerry', 'Jesse',
  'Jessica', 'Joan', 'Joe', 'John', 'Johnny', 'Jonathan', 'Jorge', 'Jose', 'Joseph', 'Joshua',
  'Joyce', 'Juan', 'Judith', 'Judy', 'Julie', 'Justin', 'Karen', 'Katherine', 'Kathleen', 'Kathryn',
  'Kayla', 'Keith', 'Kelly', 'Kenneth', 'Kevin', 'Kimberly', 'Kyle', 'Larry', 'Laura', 'Lauren',
  'Lawrence', 'Liam', 'Linda', 'Linh', 'Lisa', 'Logan', 'Lori', 'Louis', 'Lucas', 'Lucia', 'Luis',
  'Manuel', 'Margaret', 'Maria', 'Marie', 'Marilyn', 'Martha', 'Mary', 'Matthew', 'Megan', 'Mei',
  'Melissa', 'Mia', 'Michael', 'Michelle', 'Miguel', 'Minh', 'Mohammed', 'Muhammad', 'Nancy',
  'Natalie', 'Nathan', 'Nicholas', 'Nicole', 'Noah', 'Olivia', 'Oliver', 'Pamela', 'Patricia',
  'Patrick', 'Paul', 'Pedro', 'Peter', 'Philip', 'Rachel', 'Ralph', 'Randy', 'Raymond', 'Rebecca',
  'Richard', 'Robert', 'Roger', 'Ronald', 'Rosa', 'Roy', 'Russell', 'Ruth', 'Ryan', 'Samantha',
  'Samuel', 'Sandra', 'Sara', 'Sarah', 'Scott', 'Sharon', 'Shirley', 'Sofia', 'Sophia', 'Stephanie',
  'Stephen', 'Steven', 'Susan', 'Teresa', 'Terry', 'Theresa', 'Thomas', 'Timothy', 'Tyler', 'Vincent',
  'Walter', 'Wayne', 'Wei', 'William', 'Willie', 'Yesenia', 'Zachary',
];

export const COMMON_SURNAMES: readonly string[] = [
  'Adams', 'Aguilar', 'Alexander', 'Allen', 'Alvarado', 'Alvarez', 'Anderson', 'Andrews', 'Armstrong',
  'Arnold', 'Bailey', 'Barnes', 'Bennett', 'Boyd', 'Bradley', 'Bryant', 'Burns',
  'Butler', 'Campbell', 'Castillo', 'Castro', 'Chavez', 'Chen', 'Clark', 'Coleman', 'Collins',
  'Contreras', 'Crawford', 'Cruz', 'Cunningham', 'Daniels', 'Davis', 'Delgado', 'Diaz', 'Dixon',
  'Duncan', 'Dunn', 'Edwards', 'Elliott', 'Ellis', 'Evans', 'Ferguson', 'Fernandez', 'Flores',
  'Foster', 'Freeman', 'Garcia', 'Garza', 'Gibson', 'Gomez', 'Gonzales', 'Gonzalez', 'Gordon',
  'Graham', 'Griffin', 'Gutierrez', 'Guzman', 'Hamilton', 'Hansen', 'Harris', 'Harrison',
  'Hawkins', 'Hayes', 'Henderson', 'Hernandez', 'Herrera', 'Hicks', 'Hoffman', 'Holmes', 'Howard',
  'Hudson', 'Hughes', 'Jackson', 'Jenkins', 'Jimenez', 'Johnson', 'Johnston', 'Jones', 'Kelley',
  'Kelly', 'Kennedy', 'Kim', 'Lee', 'Lewis', 'Lopez', 'Martin', 'Martinez', 'Matthews', 'McDonald',
  'Medina', 'Mendez', 'Mendoza', 'Meyer', 'Miller', 'Mitchell', 'Moore', 'Morales', 'Moreno',
  'Morgan', 'Morris', 'Munoz', 'Murphy', 'Murray', 'Myers', 'Nelson', 'Nguyen', 'Nichols', 'Olson',
  'Ortiz', 'Owens', 'Palmer', 'Patel', 'Patterson', 'Perez', 'Perkins', 'Perry', 'Peters',
  'Peterson', 'Phillips', 'Pierce', 'Powell', 'Ramirez', 'Ramos', 'Reyes', 'Reynolds', 'Richards',
  'Richardson', 'Riley', 'Rivera', 'Roberts', 'Robertson', 'Robinson', 'Rodriguez', 'Rogers',
  'Romero', 'Ross', 'Ruiz', 'Salazar', 'Sanchez', 'Sanders', 'Sandoval', 'Santos', 'Schmidt', 'Scott',
  'Silva', 'Simmons', 'Simpson', 'Smith', 'Snyder', 'Soto', 'Spencer', 'Stephens', 'Stevens',
  'Stewart', 'Sullivan', 'Taylor', 'Thomas', 'Thompson', 'Torres', 'Tran', 'Tucker', 'Vargas',
  'Vasquez', 'Vazquez', 'Wagner', 'Wallace', 'Watson', 'Webb', 'Williams',
  'Willis', 'Wilson', 'Wright',
];
