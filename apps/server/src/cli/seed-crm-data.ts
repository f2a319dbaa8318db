/** Reference data for the demo CRM: realistic Indian B2B accounts, people and deal texts. */

export const DEMO_PIPELINES = [
  {
    label: 'Sales Pipeline',
    stages: [
      'Appointment Scheduled',
      'Qualified to Buy',
      'Presentation Scheduled',
      'Decision Maker Bought-In',
      'Contract Sent',
      'Closed Won',
      'Closed Lost',
    ],
  },
  {
    label: 'Enterprise',
    stages: ['Discovery', 'Solution Design', 'Proposal', 'Negotiation', 'Legal Review', 'Closed Won', 'Closed Lost'],
  },
  { label: 'Renewals', stages: ['Upcoming', 'In Conversation', 'Renewal Sent', 'Renewed', 'Churned'] },
];

export const DEMO_COMPANIES: [name: string, domain: string, industry: string, city: string][] = [
  ['Kaveri Foods Pvt Ltd', 'kaverifoods.example', 'FMCG', 'Bengaluru'],
  ['Sahyadri Logistics', 'sahyadrilogistics.example', 'Logistics', 'Pune'],
  ['Ganga Textiles', 'gangatextiles.example', 'Textiles', 'Kanpur'],
  ['Deccan Pharma Labs', 'deccanpharma.example', 'Pharmaceuticals', 'Hyderabad'],
  ['Marine Drive Capital', 'marinedrivecap.example', 'Financial Services', 'Mumbai'],
  ['Aravalli Cement Works', 'aravallicement.example', 'Manufacturing', 'Jaipur'],
  ['Konkan Agro Exports', 'konkanagro.example', 'Agriculture', 'Ratnagiri'],
  ['Nilgiri Tea Estates', 'nilgiritea.example', 'Plantations', 'Coonoor'],
  ['Vindhya Steel', 'vindhyasteel.example', 'Steel', 'Jabalpur'],
  ['Cauvery Software Solutions', 'cauverysoft.example', 'IT Services', 'Mysuru'],
  ['Brahmaputra Power', 'brahmaputrapower.example', 'Energy', 'Guwahati'],
  ['Malabar Spices Co', 'malabarspices.example', 'Food Processing', 'Kochi'],
  ['Narmada Chemicals', 'narmadachem.example', 'Chemicals', 'Vadodara'],
  ['Himalaya Hospitality Group', 'himalayahotels.example', 'Hospitality', 'Dehradun'],
  ['Coromandel Auto Parts', 'coromandelauto.example', 'Automotive', 'Chennai'],
  ['Thar Solar Systems', 'tharsolar.example', 'Renewable Energy', 'Jodhpur'],
  ['Indus Retail Ventures', 'indusretail.example', 'Retail', 'New Delhi'],
  ['Godavari Healthcare', 'godavarihealth.example', 'Healthcare', 'Rajahmundry'],
  ['Sundarban Fisheries', 'sundarbanfish.example', 'Aquaculture', 'Kolkata'],
  ['Western Ghats Realty', 'wghatsrealty.example', 'Real Estate', 'Goa'],
  ['Chambal Fertilisers Trading', 'chambaltrading.example', 'Agri Inputs', 'Kota'],
  ['Lakshadweep Shipping', 'lakshadweepship.example', 'Shipping', 'Mangaluru'],
  ['Saraswati EduTech', 'saraswatiedu.example', 'Education', 'Noida'],
  ['Mahanadi Mining', 'mahanadimining.example', 'Mining', 'Sambalpur'],
  ['Kanchenjunga Telecom', 'kanchtelecom.example', 'Telecom', 'Siliguri'],
  ['Tapti Cotton Mills', 'tapticotton.example', 'Textiles', 'Surat'],
  ['Banas Dairy Cooperative', 'banasdairy.example', 'Dairy', 'Palanpur'],
  ['Yamuna Infra Projects', 'yamunainfra.example', 'Construction', 'Gurugram'],
  ['Periyar Rubber Products', 'periyarrubber.example', 'Manufacturing', 'Kottayam'],
  ['Satpura Pharma Distributors', 'satpurapharma.example', 'Distribution', 'Indore'],
  ['Hampi Heritage Travels', 'hampitravels.example', 'Travel', 'Hosapete'],
  ['Sabarmati Fintech', 'sabarmatifin.example', 'Fintech', 'Ahmedabad'],
  ['Chilika Seafoods', 'chilikaseafoods.example', 'Food Processing', 'Bhubaneswar'],
  ['Doon Valley Organics', 'doonorganics.example', 'Agriculture', 'Dehradun'],
  ['Krishna Electricals', 'krishnaelec.example', 'Electrical Equipment', 'Vijayawada'],
  ['Mandovi Media House', 'mandovimedia.example', 'Media', 'Panaji'],
  ['Shivalik Packaging', 'shivalikpack.example', 'Packaging', 'Baddi'],
  ['Palghat Precision Tools', 'palghattools.example', 'Engineering', 'Palakkad'],
  ['Rann Salt Works', 'rannsalt.example', 'Commodities', 'Bhuj'],
  ['Meghalaya Cloud Services', 'meghcloud.example', 'Cloud Services', 'Shillong'],
];

export const FIRST_NAMES = [
  'Aditi',
  'Karan',
  'Neha',
  'Siddharth',
  'Ananya',
  'Vivek',
  'Pooja',
  'Rakesh',
  'Divya',
  'Manish',
  'Shalini',
  'Harsh',
  'Lakshmi',
  'Nikhil',
  'Ritu',
  'Suresh',
  'Tanvi',
  'Gaurav',
  'Meenakshi',
  'Abhishek',
  'Farah',
  'Imran',
  'Gurpreet',
  'Joseph',
  'Deepa',
];
export const LAST_NAMES = [
  'Sharma',
  'Iyer',
  'Menon',
  'Patel',
  'Chatterjee',
  'Reddy',
  'Joshi',
  'Pillai',
  'Singh',
  'Banerjee',
  'Deshpande',
  'Khan',
  'Fernandes',
  'Agarwal',
  'Nair',
  'Bhat',
  'Kapoor',
  'Das',
  'Hegde',
  'Malhotra',
];
export const JOB_TITLES = [
  'Chief Executive Officer',
  'Chief Financial Officer',
  'Head of Procurement',
  'VP Sales',
  'IT Director',
  'Operations Manager',
  'Chief Technology Officer',
  'Purchase Manager',
  'Head of Finance',
  'Managing Director',
];
export const POSITIONS = ['Decision Maker', 'Champion', 'Economic Buyer', 'Influencer', 'Technical Evaluator', 'Blocker'];

export const PRODUCTS = [
  'CRM licence renewal',
  'Sales analytics rollout',
  'Field force app',
  'Annual support contract',
  'Data migration project',
  'Dealer portal',
  'Call recording add-on',
  'Marketing automation',
  'Enterprise licence expansion',
  'Pilot for regional team',
];

export const NEXT_STEPS = [
  'Share revised commercial proposal with volume discount by Friday',
  'Schedule product demo for the regional sales heads',
  'Send security questionnaire responses to the IT team',
  'Follow up with procurement on the purchase order',
  'Arrange reference call with an existing customer in the same industry',
  'Prepare ROI analysis for the CFO review meeting',
  'Confirm pilot success criteria and timeline',
  'Negotiate payment terms: quarterly billing requested',
  'Legal to review the master services agreement redlines',
  'Onboarding kickoff call once the contract is signed',
];

export const PAIN_POINTS = [
  'Sales managers have no visibility into pipeline across 14 branches; reporting is done manually in spreadsheets every Monday.',
  'Leads from trade fairs are lost because follow-ups depend on individual reps; conversion has dropped to 8%.',
  'Current CRM is on-premise, slow on mobile networks and field reps avoid updating it.',
  'Forecasts are off by more than 30% each quarter, making inventory planning difficult.',
  'No record of customer conversations when reps leave; accounts go cold during hand-over.',
  'Dealer orders come over WhatsApp and phone and are re-keyed into the ERP, causing errors.',
  'Management wants GST-compliant quotations generated directly from the deal.',
  'Renewal dates are tracked in email reminders and several contracts lapsed last year.',
];

export const SUMMARIES = [
  'Strong interest from the business team after the demo. The CFO is cautious about budget this quarter but agreed the current process ' +
    'costs them deals. Competition is a local vendor offering a lower price without mobile support.',
  'The champion is the VP Sales, who ran a similar rollout at a previous company. IT raised data residency questions which we answered ' +
    'with our India region hosting. Procurement needs three quotes before approval.',
  'Existing customer expanding to two new business units. Usage has been high and the account team is happy. ' +
    'Pricing discussion focuses on a multi-year commitment in exchange for a discount.',
  'Early stage conversation started from an inbound enquiry. ' +
    'Pain is clear but the decision process and budget owner are not yet identified. Next meeting should include the operations head.',
  'Pilot with 25 reps completed with positive feedback: call logging time dropped by half. ' +
    'Decision expected after the board meeting at the end of the month.',
];
