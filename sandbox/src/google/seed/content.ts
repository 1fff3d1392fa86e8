/** Word lists for seeded data. */

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen', 'Charles', 'Lisa',
  'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret', 'Donald', 'Ashley', 'Steven',
  'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda',
  'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie', 'Jason', 'Rebecca', 'George', 'Sharon', 'Edward',
  'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy', 'Jacob', 'Amy', 'Nicholas', 'Kathleen', 'Gary', 'Angela', 'Eric',
  'Shirley', 'Jonathan', 'Emma', 'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna',
  'Brandon', 'Samantha', 'Benjamin', 'Katherine', 'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel',
  'Patrick', 'Carolyn', 'Frank', 'Janet', 'Raymond', 'Maria', 'Jack', 'Olivia', 'Dennis', 'Heather', 'Jerry', 'Helen',
  'Tyler', 'Catherine', 'Aaron', 'Diane', 'Jose', 'Julie', 'Adam', 'Victoria', 'Nathan', 'Joyce', 'Henry', 'Lauren',
  'Zachary', 'Kelly', 'Douglas', 'Christina', 'Peter', 'Ruth', 'Kyle', 'Joan', 'Noah', 'Virginia', 'Ethan', 'Judith',
  'Jeremy', 'Evelyn', 'Christian', 'Hannah', 'Walter', 'Andrea', 'Keith', 'Megan', 'Austin', 'Cheryl', 'Roger',
  'Jacqueline', 'Terry', 'Madison', 'Sean', 'Teresa', 'Gerald', 'Abigail', 'Carl', 'Sophia', 'Dylan', 'Martha',
  'Harold', 'Sara', 'Jordan', 'Gloria', 'Jesse', 'Janice', 'Bryan', 'Kathryn', 'Lawrence', 'Ann', 'Arthur', 'Isabella',
  'Gabriel', 'Judy', 'Bruce', 'Charlotte', 'Logan', 'Julia', 'Billy', 'Grace', 'Joe', 'Amber', 'Alan', 'Alice',
  'Juan', 'Jean', 'Elijah', 'Denise', 'Willie', 'Frances', 'Albert', 'Danielle', 'Wayne', 'Marilyn', 'Randy',
  'Natalie', 'Mason', 'Beverly', 'Vincent', 'Diana', 'Liam', 'Brittany', 'Roy', 'Theresa', 'Bobby', 'Kayla', 'Caleb',
  'Alexis', 'Bradley', 'Doris', 'Russell', 'Lori', 'Lucas', 'Tiffany', 'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Aarav',
  'Ananya', 'Mohammed', 'Fatima', 'Carlos', 'Sofia', 'Luis', 'Camila', 'Diego', 'Valentina', 'Kwame', 'Amara',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez',
  'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward',
  'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez', 'Chen', 'Wang',
  'Singh', 'Tanaka', 'Okafor', 'Schmidt', 'O\'Brien', 'Murray', 'Sullivan', 'Fischer', 'Novak', 'Kowalski',
];

export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Lincoln', 'Jefferson',
  'Madison', 'Franklin', 'Highland', 'Sunset', 'Ridge', 'Church', 'Spring', 'Walnut', 'Chestnut', 'Willow', 'Meadow',
  'River', 'Forest', 'Jackson', 'Center', 'Market', 'Broad', 'Union', 'Mill', 'Adams', 'Grant', 'Wilson', 'Lakeview',
  'Fairview', 'Riverside', 'College', 'University', 'Commerce', 'Industrial', 'Airport', 'Congress', 'Lamar', 'Burnet',
  'Magnolia', 'Peachtree', 'Colonial', 'Heritage', 'Canyon', 'Mesa', 'Vista', 'Harbor', 'Bay', 'Preston', 'Camino',
  'Dogwood', 'Hickory', 'Sycamore', 'Birch', 'Aspen', 'Juniper', 'Poplar', 'Laurel', 'Cypress', 'Summit', 'Valley',
];

export const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Pkwy', 'Way', 'Ct', 'Pl', 'Hwy'];
export const DIRECTIONS = ['', '', '', '', 'N ', 'S ', 'E ', 'W '];
export const SUITE_KINDS = ['Suite', 'Ste', 'Unit', 'Bldg'];

export type HoursProfile = 'office' | 'retail' | 'restaurant' | 'coffee' | 'medical' | 'auto' | 'salon' | 'fitness';

export interface Brand {
  key: string;
  name: string;
  domain: string;
  storeCodePrefix: string;
  primaryCategory: string;
  additionalCategories: string[];
  hours: HoursProfile;
  states: string[];
  /** Title pattern: `brand` alone or `brand - city`. */
  titleWithCity: boolean;
  description: string;
  /** Mean star rating of generated reviews. */
  quality: number;
  /** Nouns used in review texts. */
  nouns: string[];
  hasFood?: boolean;
  hasBookings?: boolean;
}

const brand = (b: Brand) => b;

export const BRANDS: Record<string, Brand> = {
  summit: brand({
    key: 'summit',
    name: 'Summit Insurance Partners',
    domain: 'summitinsurancepartners.com',
    storeCodePrefix: 'SIP',
    primaryCategory: 'gcid:insurance_agency',
    additionalCategories: ['gcid:auto_insurance_agency', 'gcid:home_insurance_agency', 'gcid:life_insurance_agency'],
    hours: 'office',
    states: ['TX', 'OK', 'LA', 'AR', 'NM'],
    titleWithCity: true,
    description:
      'Summit Insurance Partners in {city} helps families and small businesses compare auto, home, renters and life insurance from top-rated carriers. Our licensed local agents review your coverage every year, help with claims, and find discounts you may be missing. Walk in, call, or book a free quote online.',
    quality: 4.5,
    nouns: ['agent', 'quote', 'policy', 'claim', 'coverage'],
  }),
  sunrise: brand({
    key: 'sunrise',
    name: 'Sunrise Coffee Co.',
    domain: 'sunrisecoffee.co',
    storeCodePrefix: 'SCC',
    primaryCategory: 'gcid:coffee_shop',
    additionalCategories: ['gcid:cafe', 'gcid:bakery', 'gcid:coffee_roasters'],
    hours: 'coffee',
    states: ['WA', 'OR', 'CA', 'NV', 'AZ', 'UT', 'CO', 'ID'],
    titleWithCity: true,
    description:
      'Small-batch coffee roasted every week, fresh pastries from local bakers, and a comfortable place to work or meet friends in {city}. Order ahead in our app, enjoy free Wi-Fi, and ask about our seasonal single-origin pour-overs.',
    quality: 4.4,
    nouns: ['latte', 'barista', 'cold brew', 'pastry', 'espresso'],
    hasFood: true,
  }),
  garciaDental: brand({
    key: 'garciaDental',
    name: 'Garcia Family Dental',
    domain: 'garciafamilydental.com',
    storeCodePrefix: 'GFD',
    primaryCategory: 'gcid:dentist',
    additionalCategories: ['gcid:cosmetic_dentist', 'gcid:pediatric_dentist', 'gcid:dental_clinic'],
    hours: 'medical',
    states: ['FL', 'GA'],
    titleWithCity: true,
    description:
      'Gentle, modern dentistry for the whole family in {city}. We offer cleanings, fillings, crowns, implants, Invisalign and same-day emergency visits. Most PPO plans accepted; evening and Saturday appointments available.',
    quality: 4.7,
    nouns: ['hygienist', 'cleaning', 'dentist', 'front desk', 'appointment'],
    hasBookings: true,
  }),
  northwind: brand({
    key: 'northwind',
    name: 'Northwind Auto Care',
    domain: 'northwindautocare.com',
    storeCodePrefix: 'NAC',
    primaryCategory: 'gcid:auto_repair_shop',
    additionalCategories: ['gcid:oil_change_service', 'gcid:tire_shop', 'gcid:car_repair_and_maintenance_service'],
    hours: 'auto',
    states: [],
    titleWithCity: true,
    description:
      'ASE-certified technicians in {city} for brakes, oil changes, tires, alignments, batteries, check-engine diagnostics and scheduled maintenance on all makes and models. Free multi-point inspection, nationwide 24-month/24,000-mile warranty, and a comfortable waiting room.',
    quality: 4.2,
    nouns: ['mechanic', 'oil change', 'brake job', 'service advisor', 'estimate'],
    hasBookings: true,
  }),
  kimRealty: brand({
    key: 'kimRealty',
    name: 'Kim Realty Group',
    domain: 'kimrealtygroup.com',
    storeCodePrefix: 'KRG',
    primaryCategory: 'gcid:real_estate_agency',
    additionalCategories: ['gcid:real_estate_agent', 'gcid:property_management_company'],
    hours: 'office',
    states: ['NY', 'NJ', 'CT', 'MA', 'PA'],
    titleWithCity: true,
    description:
      'Buying, selling or renting in {city}? Kim Realty Group agents know every block and building. We provide free market valuations, professional listing photography, and guide first-time buyers from pre-approval to closing.',
    quality: 4.6,
    nouns: ['agent', 'listing', 'closing', 'showing', 'offer'],
  }),
  evergreen: brand({
    key: 'evergreen',
    name: 'Evergreen Health Clinic',
    domain: 'evergreenhealthclinics.org',
    storeCodePrefix: 'EHC',
    primaryCategory: 'gcid:medical_clinic',
    additionalCategories: ['gcid:urgent_care_center', 'gcid:family_practice_physician', 'gcid:medical_laboratory'],
    hours: 'medical',
    states: ['MN', 'WI', 'IL', 'MI', 'OH', 'IN'],
    titleWithCity: true,
    description:
      'Primary and walk-in urgent care in {city} for adults and children: sick visits, physicals, vaccinations, lab work and minor injuries. Same-day appointments, online check-in, and most major insurance plans accepted.',
    quality: 4.1,
    nouns: ['doctor', 'nurse', 'wait time', 'check-in', 'visit'],
    hasBookings: true,
  }),
  bloom: brand({
    key: 'bloom',
    name: 'Bloom & Co. Salon',
    domain: 'bloomandcosalon.com',
    storeCodePrefix: 'BCS',
    primaryCategory: 'gcid:hair_salon',
    additionalCategories: ['gcid:nail_salon', 'gcid:beauty_salon', 'gcid:spa'],
    hours: 'salon',
    states: ['NC', 'SC', 'TN', 'VA'],
    titleWithCity: true,
    description:
      'Cuts, color, balayage, blowouts and bridal styling by experienced stylists in {city}. We use vegan, cruelty-free products and offer complimentary consultations. Book online or walk in.',
    quality: 4.6,
    nouns: ['stylist', 'haircut', 'color', 'blowout', 'appointment'],
    hasBookings: true,
  }),
  independent: brand({
    key: 'independent',
    name: '',
    domain: '',
    storeCodePrefix: 'IND',
    primaryCategory: 'gcid:restaurant',
    additionalCategories: [],
    hours: 'restaurant',
    states: ['TX', 'CA', 'IL'],
    titleWithCity: false,
    description: '',
    quality: 4.3,
    nouns: ['staff', 'service', 'owner', 'place', 'experience'],
  }),
  bench: brand({
    key: 'bench',
    name: 'Atlas Hardware',
    domain: 'atlashardware.com',
    storeCodePrefix: 'ATH',
    primaryCategory: 'gcid:hardware_store',
    additionalCategories: ['gcid:home_improvement_store', 'gcid:garden_center', 'gcid:paint_store'],
    hours: 'retail',
    states: [],
    titleWithCity: true,
    description:
      'Your neighborhood hardware store in {city}: tools, paint mixing, keys cut while you wait, propane exchange, lawn and garden supplies, and friendly advice for every project.',
    quality: 4.4,
    nouns: ['staff', 'paint counter', 'key', 'selection', 'checkout'],
  }),
};

/** Standalone businesses held in personal accounts. */
export const INDEPENDENTS = [
  { title: "Rosa's Taqueria", category: 'gcid:mexican_restaurant', extra: ['gcid:taco_restaurant'], hours: 'restaurant' as const, domain: 'rosastaqueria.com', hasFood: true },
  { title: 'Lakeside Yoga Studio', category: 'gcid:yoga_studio', extra: ['gcid:pilates_studio'], hours: 'fitness' as const, domain: 'lakesideyoga.studio', hasFood: false },
  { title: 'Corner Book Nook', category: 'gcid:book_store', extra: ['gcid:gift_shop'], hours: 'retail' as const, domain: 'cornerbooknook.com', hasFood: false },
  { title: 'Blue Heron Bakery', category: 'gcid:bakery', extra: ['gcid:cake_shop', 'gcid:cafe'], hours: 'coffee' as const, domain: 'blueheronbakery.com', hasFood: true },
  { title: 'Precision Plumbing & Drain', category: 'gcid:plumber', extra: ['gcid:water_damage_restoration_service'], hours: 'office' as const, domain: 'precisionplumbingdrain.com', hasFood: false },
];

export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Absolutely wonderful experience. The {noun} was excellent and everyone was so friendly. Highly recommend!',
    'Best {noun} in {city}, hands down. Quick, professional and fairly priced.',
    'I have been coming here for years and they never disappoint. Ask for {first}, she is amazing.',
    'Clean, organized and welcoming. They explained everything clearly and the {noun} was perfect.',
    'Five stars! Went in without an appointment and they still took care of me right away.',
    'Great team. My {noun} was handled better than anywhere else I have been.',
  ],
  4: [
    'Very good overall. The {noun} was great, the wait was a little long on a Saturday.',
    'Friendly staff and solid {noun}. Parking can be tricky but worth it.',
    'Good experience, would come back. Prices are a bit higher than other places in {city}.',
    'Helpful people and a nice location. Only giving 4 because the phone line was busy.',
  ],
  3: [
    'It was okay. The {noun} was fine but nothing special.',
    'Mixed experience: friendly front desk, but the {noun} took longer than promised.',
    'Average. Clean place, but they were short-staffed when I visited.',
  ],
  2: [
    'Disappointed. I waited 40 minutes past my appointment and nobody explained why.',
    'The {noun} was not what I was told it would be. Had to call twice to get it fixed.',
    'Not great this time. Staff seemed rushed and the {noun} was sloppy.',
  ],
  1: [
    'Terrible experience. Nobody returned my calls and the {noun} was wrong.',
    'Would not recommend. I was charged for something I did not ask for.',
    'Closed during posted hours twice. Please update your hours on Google!',
  ],
};

export const REPLY_TEXTS = [
  'Thank you so much for the kind words, {name}! We look forward to seeing you again.',
  'Hi {name}, thanks for taking the time to share your feedback. We appreciate your business!',
  '{name}, we are sorry to hear about your experience. Please call our manager so we can make this right.',
  'Thanks for the review, {name}. We have shared your comments with the team.',
];

export const POST_TEXTS = [
  'Now open early on weekdays! Stop by {title} in {city} before work.',
  'We are hiring in {city}! Join a friendly team with great benefits. Apply in store or on our website.',
  'Thank you, {city}, for voting us a neighborhood favorite again this year!',
  'New this season at {title}: ask our team about what is fresh this month.',
  'Holiday hours: we will close at 3 PM on Christmas Eve and reopen on December 26.',
];

export const OFFER_TEXTS = [
  '15% off for first-time customers this month. Show this post at checkout.',
  'Refer a friend and you both save $20 on your next visit.',
];

export const EVENT_TITLES = ['Customer Appreciation Day', 'Community Open House', 'Free Workshop Saturday', 'Grand Reopening'];
